/**
 * Deterministic synthetic Sweden: companies and CFAR worksites as source records (search-index/records.ts),
 * streamed to DIR/companies.ndjson and DIR/worksites.ndjson, then DIR/manifest.json.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { SOURCE_FORMAT, type SourceManifest } from "#search-index/engine";
import { buildCompany, type CompanyDraft, type GeneratorContext } from "./generator/company";
import { FORM_PROFILES, formDrawWeights, GROUP_START_RATE } from "./generator/forms";
import { buildGroup, groupSize } from "./generator/groups";
import { IdentityPool } from "./generator/identities";
import { Rng, WeightedPicker } from "./generator/random";
import { loadSourceLists } from "./generator/sources";
import { buildWorksites, mandatoryWorksites } from "./generator/worksites";
import { NdjsonWriter } from "./ndjson-writer";

export interface GenerateOptions {
  companies: number;
  /** Target number of worksites (default 1.08 per company, as in Sweden); employers always get theirs. */
  worksites?: number;
  seed: number;
  outDir: string;
  onProgress?: (progress: { companies: number; worksites: number }) => void;
}

export interface GenerateResult {
  manifest: SourceManifest;
  companiesFile: string;
  worksitesFile: string;
}

/** Share of aktiebolag created as shelf companies (lagerbolag). */
const SHELF_RATE = 0.004;

function nextDrafts(
  ctx: GeneratorContext,
  forms: WeightedPicker<(typeof FORM_PROFILES)[number]>,
  seq: number,
  remaining: number,
): CompanyDraft[] {
  const profile = forms.pick(ctx.rng);
  if (profile.form === "AB" && remaining >= 2 && ctx.rng.chance(GROUP_START_RATE)) {
    return buildGroup(ctx, seq, Math.min(groupSize(ctx.rng), remaining));
  }
  return [buildCompany(ctx, seq, profile, { isShelf: profile.form === "AB" && ctx.rng.chance(SHELF_RATE) })];
}

/** Mandatory worksites plus optional ones while the running total is below the target's pace. */
function worksiteCount(ctx: GeneratorContext, draft: CompanyDraft, produced: number, target: number): number {
  if (!draft.record.isActive) return 0;
  const mandatory = mandatoryWorksites(ctx.rng, draft);
  const deficit = target - produced - mandatory;
  if (deficit <= 0) return mandatory;
  if (mandatory === 0) return ctx.rng.chance(Math.min(1, 0.5 + deficit / 20)) ? 1 : 0;
  return mandatory + Math.min(Math.ceil(deficit), ctx.rng.int(0, 3));
}

export async function generateDataset(options: GenerateOptions): Promise<GenerateResult> {
  const { companies, seed, outDir } = options;
  const worksiteTarget = options.worksites ?? Math.round(companies * 1.08);
  mkdirSync(outDir, { recursive: true });
  const ctx: GeneratorContext = { rng: new Rng(seed), lists: loadSourceLists(), ids: new IdentityPool() };
  const forms = new WeightedPicker(FORM_PROFILES, formDrawWeights());
  const companyOut = new NdjsonWriter(path.join(outDir, "companies.ndjson"));
  const worksiteOut = new NdjsonWriter(path.join(outDir, "worksites.ndjson"));
  let reported = 0;
  for (let seq = 1; seq <= companies;) {
    for (const draft of nextDrafts(ctx, forms, seq, companies - seq + 1)) {
      await companyOut.write(draft.record);
      const target = (worksiteTarget * draft.record.orgSeqNo) / companies;
      const count = worksiteCount(ctx, draft, worksiteOut.count, target);
      for (const worksite of buildWorksites(ctx, draft, count, worksiteOut.count)) await worksiteOut.write(worksite);
      seq++;
    }
    if (seq - 1 - reported >= 1000 || seq > companies) {
      reported = seq - 1;
      options.onProgress?.({ companies: reported, worksites: worksiteOut.count });
    }
  }
  await Promise.all([companyOut.close(), worksiteOut.close()]);
  const manifest: SourceManifest = {
    format: SOURCE_FORMAT,
    seed,
    companies: companyOut.count,
    worksites: worksiteOut.count,
    generatedAt: new Date().toISOString(),
    source: "synthetic",
  };
  writeFileSync(path.join(outDir, "manifest.json"), JSON.stringify(manifest, null, 2) + "\n");
  return { manifest, companiesFile: path.join(outDir, "companies.ndjson"), worksitesFile: path.join(outDir, "worksites.ndjson") };
}
