// ESLint: typescript-eslint, react-hooks, import cycles, and the module boundaries of docs/STYLE (../shared/docs/STYLE.md).
import js from "@eslint/js";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Import patterns a directory may not use (gitignore-style, matched against the import string). */
const boundary = (files, forbidden, message) => ({
  files,
  rules: {
    "no-restricted-imports": ["error", { patterns: [{ group: forbidden, message }] }],
  },
});

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "node_modules/**",
      ".tools/**",
      "**/.wrangler/**",
      "data/**",
      "test-results/**",
      "playwright-report/**",
      "tests/e2e/artifacts/**",
      "worker-configuration.d.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node, ...globals.serviceworker } },
    plugins: { "import-x": importX, "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "import-x/no-cycle": ["error", { maxDepth: 8, ignoreExternal: true }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": "off",
    },
    settings: { "import-x/resolver": { node: { extensions: [".ts", ".tsx", ".js"] } } },
  },
  boundary(
    ["workers/shared/**"],
    [
      "**/app/**",
      "**/search-index/**",
      "**/workers/api/**",
      "**/workers/export/**",
      "**/scripts/**",
      "**/tests/**",
      "**/api/src/**",
      "**/export/src/**",
    ],
    "workers/shared imports nothing else from the repo.",
  ),
  boundary(
    ["search-index/**"],
    ["**/app/**", "**/workers/api/**", "**/workers/export/**", "**/scripts/**", "**/tests/**"],
    "search-index may import only workers/shared.",
  ),
  boundary(
    ["workers/api/**"],
    ["**/app/**", "**/workers/export/**", "**/export/src/**", "**/scripts/**", "**/tests/**"],
    "workers/api may import workers/shared and search-index only.",
  ),
  boundary(
    ["workers/export/**"],
    ["**/app/**", "**/workers/api/**", "**/api/src/**", "**/scripts/**", "**/tests/**"],
    "workers/export may import workers/shared and search-index only.",
  ),
  boundary(
    ["app/**", "server.ts"],
    ["**/search-index/**", "**/workers/api/**", "**/workers/export/**", "**/scripts/**", "**/tests/**"],
    "app reaches data only through the API; it may import workers/shared.",
  ),
);
