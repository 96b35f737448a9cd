import { vitePlugin as remix, cloudflareDevProxyVitePlugin as remixCloudflareDevProxy } from "@remix-run/dev";
import { defineConfig } from "vite";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  plugins: [
    remixCloudflareDevProxy(),
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
  ],
  server: { port: 5173 },
  // Pre-bundle the client's dependencies up front, so the first page load under `npm run dev` does not hit a
  // mid-load re-optimisation ("Invalid hook call").
  optimizeDeps: { include: ["zod", "react", "react-dom", "react-dom/client", "@remix-run/react"] },
  build: { target: "es2022" },
});
