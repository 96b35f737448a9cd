/**
 * /v1/openapi.json and /v1/docs (issue 47 point 3): the document is served by the real worker, generated from the zod
 * schemas; every example it documents (x-urval-examples) runs as it stands against the worker, on the search
 * fixture's index, and each answer is checked against the document's own schema for its status with a JSON Schema
 * 2020-12 validator (@cfworker/json-schema): an answer that does not match its documented schema fails here.
 */
import { Validator } from "@cfworker/json-schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { V1Example } from "#api/v1/v1-operations";
import { createTestUser } from "../support/factories";
import { seedIndex } from "../support/seed-index";
import { createUrvalHarness } from "../support/worker-harness";
import { createKey, v1 } from "./support/api-key-support";

const harness = createUrvalHarness();
let key: string;

interface Operation {
  operationId: string;
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
  "x-urval-examples": V1Example[];
}
interface Document {
  openapi: string;
  components: { schemas: Record<string, unknown> };
  paths: Record<string, Record<string, Operation>>;
}
let doc: Document;

beforeAll(async () => {
  await harness.start();
  await seedIndex(harness);
  const user = await createTestUser(harness, { quota: 1000 });
  key = (await createKey(harness, user)).key;
  const served = await v1(harness, "/v1/openapi.json");
  expect(served.status).toBe(200);
  doc = (await served.json()) as Document;
}, 180_000);
afterAll(() => harness.server.close());

/** A validator of one documented schema, its #/components/schemas/… references resolved in the document. */
function validatorOf(schema: Record<string, unknown>) {
  return new Validator({ ...schema, components: doc.components } as never, "2020-12", false);
}

const answers = new Map<string, Record<string, unknown>>();

/** "$<example>.<field>" → that field of the named example's answer. */
const resolve = (value: string) => {
  const ref = /^\$([\w-]+)\.(\w+)$/.exec(value);
  if (!ref) return value;
  const answer = answers.get(ref[1]!);
  if (!answer) throw new Error(`example ${ref[1]} has not run before ${value}`);
  return String(answer[ref[2]!]);
};

async function waitUntilDone(jobId: string) {
  const deadline = Date.now() + 45_000;
  for (;;) {
    const job = (await (await v1(harness, `/v1/exports/${jobId}`, { key })).json()) as { status: string };
    if (job.status === "DONE") return;
    if (job.status === "ERROR" || Date.now() > deadline) throw new Error(`export ${jobId} ended ${job.status}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("the OpenAPI document", () => {
  it("is OpenAPI 3.1, every $ref resolves, and the docs page renders it without any script", async () => {
    expect(doc.openapi).toBe("3.1.0");
    const text = JSON.stringify(doc);
    for (const [, id] of text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)) expect(doc.components.schemas).toHaveProperty(id!);
    expect(text).not.toContain("__shared");
    const page = await v1(harness, "/v1/docs");
    expect(page.status).toBe(200);
    expect(page.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(page.headers.get("Content-Security-Policy")).not.toMatch(/script-src/);
    const html = await page.text();
    expect(html).not.toMatch(/<script/i);
    for (const path of Object.keys(doc.paths)) expect(html).toContain(path);
  });

  it("validates a wrong answer as wrong (the check can fail)", () => {
    const schema = doc.paths["/v1/exports/{jobId}"]!.get!.responses["200"]!.content!["application/json"]!.schema;
    expect(validatorOf(schema).validate({ jobId: "x", status: "FINISHED" }).valid).toBe(false);
  });
});

describe("every documented example, against the worker", () => {
  it("answers with its documented status and a body its documented schema accepts", async () => {
    let ran = 0;
    for (const [template, methods] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        for (const example of operation["x-urval-examples"]) {
          const path = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(resolve(example.path?.[name] ?? "")));
          const query = example.query ? `?${new URLSearchParams(example.query)}` : "";
          const headers = Object.fromEntries(Object.entries(example.headers ?? {}).map(([name, value]) => [name, resolve(value)]));
          if (operation.operationId === "downloadExport") await waitUntilDone(resolve(example.path!.jobId!));
          const response = await v1(harness, `${path}${query}`, { method: method.toUpperCase(), key, headers, body: example.body });
          const label = `${method.toUpperCase()} ${template} ${example.name}`;
          expect([label, response.status]).toEqual([label, example.status]);
          expect(response.headers.get("Cache-Control"), label).toBe("no-store");
          const documented = operation.responses[String(example.status)];
          const json = documented?.content?.["application/json"];
          if (json) {
            const body = (await response.json()) as Record<string, unknown>;
            const result = validatorOf(json.schema).validate(body);
            expect(result.valid, `${label}: ${JSON.stringify(result.errors.slice(0, 3))}`).toBe(true);
            answers.set(example.name, body);
          } else {
            expect(documented?.content, label).toBeDefined();
            const bytes = new Uint8Array(await response.arrayBuffer());
            expect(bytes.length, label).toBeGreaterThan(0);
            if (example.status === 206) expect(response.headers.get("Content-Range"), label).toMatch(/^bytes 0-99\/\d+$/);
          }
          ran += 1;
        }
      }
    }
    expect(ran).toBeGreaterThanOrEqual(14);
  }, 120_000);
});
