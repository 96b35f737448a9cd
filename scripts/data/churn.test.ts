import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CompanySourceRecord, WorksiteSourceRecord } from "#search-index/engine";
import { churnDataset } from "./churn";
import { generateDataset } from "./generate";

const root = mkdtempSync(path.join(os.tmpdir(), "urval-churn-"));
const original = path.join(root, "original");
const readNdjson = <T>(dir: string, file: string): T[] =>
  readFileSync(path.join(dir, file), "utf8")
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l) as T);

/** The dataset churned once (seed 3), which both cases read: a churn of 5 000 companies costs about a second. */
const churned = path.join(root, "a");
let result: Awaited<ReturnType<typeof churnDataset>>;

beforeAll(async () => {
  await generateDataset({ companies: 5000, seed: 7, outDir: original });
  cpSync(original, churned, { recursive: true });
  result = await churnDataset({ dir: churned, seed: 3 });
}, 120_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("churnDataset", () => {
  it("adds about 0.3 %, removes about 0.1 % and changes about 2 % of the companies, deterministically", async () => {
    const [a, b] = [churned, path.join(root, "b")];
    cpSync(original, b, { recursive: true });
    await churnDataset({ dir: b, seed: 3 });
    expect(readFileSync(path.join(a, "companies.ndjson"), "utf8")).toBe(readFileSync(path.join(b, "companies.ndjson"), "utf8"));

    const before = new Map(readNdjson<CompanySourceRecord>(original, "companies.ndjson").map((c) => [c.orgSeqNo, JSON.stringify(c)]));
    const after = readNdjson<CompanySourceRecord>(a, "companies.ndjson");
    const added = after.filter((c) => !before.has(c.orgSeqNo));
    const kept = new Set(after.map((c) => c.orgSeqNo));
    const removed = [...before.keys()].filter((id) => !kept.has(id));
    const changed = after.filter((c) => before.has(c.orgSeqNo) && before.get(c.orgSeqNo) !== JSON.stringify(c));
    expect(added).toHaveLength(15);
    expect(result).toMatchObject({ added: 15, removed: removed.length, changed: changed.length });
    expect(removed.length).toBeGreaterThanOrEqual(1);
    expect(removed.length).toBeLessThanOrEqual(15);
    expect(changed.length).toBeGreaterThan(60);
    expect(changed.length).toBeLessThan(140);
    expect(new Set(after.map((c) => c.orgNo)).size).toBe(after.length);

    const worksites = readNdjson<WorksiteSourceRecord>(a, "worksites.ndjson");
    expect(worksites.some((w) => removed.includes(w.orgSeqNo))).toBe(false);
    expect(new Set(worksites.map((w) => w.cfarNo)).size).toBe(worksites.length);
    const manifest = JSON.parse(readFileSync(path.join(a, "manifest.json"), "utf8")) as Record<string, unknown>;
    expect(manifest).toMatchObject({ companies: after.length, worksites: worksites.length, churnedFrom: { companies: 5000 } });
  }, 120_000);

  it("churns a churned dataset again, differently", async () => {
    const dir = path.join(root, "twice");
    cpSync(churned, dir, { recursive: true });
    const once = readFileSync(path.join(dir, "companies.ndjson"), "utf8");
    const second = await churnDataset({ dir, seed: 3 });
    expect(second.changed).toBeGreaterThan(0);
    expect(readFileSync(path.join(dir, "companies.ndjson"), "utf8")).not.toBe(once);
    expect(JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8"))).toMatchObject({ churnedFrom: { companies: 5000 } });
  }, 120_000);
});
