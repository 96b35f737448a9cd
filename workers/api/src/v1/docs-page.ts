/**
 * /v1/docs: the OpenAPI document as a readable page, rendered on the server from the same document (openapi.ts), with
 * no script at all (its CSP allows only its own inline style). Each example is shown as the curl command that runs it.
 */
import { NON_DOCUMENT_CSP } from "#shared/security-floor";
import { buildOpenApi } from "./openapi";
import { type V1Example, V1_OPERATIONS } from "./v1-operations";

export const DOCS_PAGE_CSP = NON_DOCUMENT_CSP.replace("default-src 'none'", "default-src 'none'; style-src 'unsafe-inline'");

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

function curlOf(method: string, path: string, example: V1Example): string {
  let url = path.replace(/\{(\w+)\}/g, (_, name: string) => example.path?.[name] ?? `{${name}}`);
  if (example.query) url += `?${new URLSearchParams(example.query)}`;
  const lines = [`curl -X ${method.toUpperCase()} "https://app.urval.se${url}"`, `  -H "Authorization: Bearer $URVAL_API_KEY"`];
  for (const [name, value] of Object.entries(example.headers ?? {})) lines.push(`  -H ${shellQuote(`${name}: ${value}`)}`);
  if (example.body !== undefined) lines.push(`  -H "Content-Type: application/json"`, `  -d ${shellQuote(JSON.stringify(example.body))}`);
  return lines.join(" \\\n");
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
code,pre{font:14px/1.4 ui-monospace,monospace}pre{background:#f4f4f4;padding:.75rem;overflow-x:auto}
h2{margin-top:2.5rem;border-top:1px solid #ccc;padding-top:1rem}.method{text-transform:uppercase;font-weight:700}
table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.25rem .5rem;text-align:left;vertical-align:top}`;

let cached: string | undefined;

export function docsPage(): string {
  if (cached) return cached;
  const doc = buildOpenApi();
  const sections = V1_OPERATIONS.map((op) => {
    const statuses = Object.entries((doc.paths[op.path]![op.method] as { responses: Record<string, { description: string }> }).responses)
      .map(([status, r]) => `<tr><td>${status}</td><td>${escapeHtml(r.description)}</td></tr>`)
      .join("");
    const examples = op.examples
      .map((e) => `<h4>${escapeHtml(e.summary)} (${e.status})</h4><pre>${escapeHtml(curlOf(op.method, op.path, e))}</pre>`)
      .join("");
    return `<section id="${op.operationId}"><h2><span class="method">${op.method}</span> <code>${escapeHtml(op.path)}</code></h2>
<p><strong>${escapeHtml(op.summary)}.</strong> ${escapeHtml(op.description)}</p><p>Scope: <code>${op.scope}</code></p>
<h3>Answers</h3><table><tbody>${statuses}</tbody></table><h3>Examples</h3>${examples}</section>`;
  });
  const intro = escapeHtml(doc.info.description)
    .replace(/`([^`]+)`/g, "<code>$1</code>")
    .replace(/\n- /g, "<br>• ");
  cached = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Urval API v1</title><style>${STYLE}</style></head><body><main><h1>Urval API v1</h1><p>${intro}</p>
<p>The machine-readable description: <a href="/v1/openapi.json">/v1/openapi.json</a> (OpenAPI 3.1). Placeholders like
<code>$export-csv.jobId</code> in an example stand for that field of the named example's answer.</p>
<nav><ul>${V1_OPERATIONS.map((op) => `<li><a href="#${op.operationId}">${op.method.toUpperCase()} ${escapeHtml(op.path)}</a>: ${escapeHtml(op.summary)}</li>`).join("")}</ul></nav>
${sections.join("\n")}</main></body></html>`;
  return cached;
}
