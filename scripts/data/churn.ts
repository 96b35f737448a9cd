/**
 * A realistic nightly churn of an existing dataset (issue 16, `npm run data:generate -- --churn`): about 0.3 % new
 * companies, 0.1 % removed (with their worksites) and 2 % with changed fields (name, address, phone, SNI, board,
 * beneficial owners and their status, credit grade, employees, a new financial period, deregistration). Deterministic:
 * the same dataset and seed give the same result. Rewrites DIR in place (each file through a .partial name).
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  type CompanySourceRecord,
  SOURCE_FORMAT,
  type SourceManifest,
  SourceManifestSchema,
  type WorksiteSourceRecord,
} from "#search-index/engine";
import { lines } from "../reindex/source-reader";
import { buildCompany, type GeneratorContext } from "./generator/company";
import { FORM_PROFILES, formDrawWeights } from "./generator/forms";
import { cfarNumber, IdentityPool } from "./generator/identities";
import { Rng, WeightedPicker } from "./generator/random";
import { loadSourceLists } from "./generator/sources";
import { buildWorksites, mandatoryWorksites } from "./generator/worksites";
import { mutateCompany } from "./churn-mutations";
import { NdjsonWriter } from "./ndjson-writer";

export const CHURN_RATES = { added: 0.003, removed: 0.001, changed: 0.02 } as const;

export interface ChurnOptions {
  dir: string;
  seed: number;
  onProgress?: (companies: number, total: number) => void;
}

/** Written into manifest.json beside the manifest's fields: what the dataset was generated as before any churn. */
export interface ChurnedFrom {
  companies: number;
  generatedAt: string;
}

export interface ChurnResult {
  manifest: SourceManifest;
  added: number;
  removed: number;
  changed: number;
}

/** A seed that differs per round: the same seed on a churned dataset churns it again, differently. */
const roundSeed = (seed: number, manifest: SourceManifest) => (seed * 1_000_003 + manifest.companies * 31 + manifest.worksites) >>> 0;

async function* jsonLines<T>(file: string): AsyncGenerator<T> {
  for await (const line of lines(file)) if (line.trim() !== "") yield JSON.parse(line) as T;
}

interface CompanyPass {
  removed: Set<number>;
  changed: number;
  maxOrgSeqNo: number;
  kept: number;
}

async function churnCompanies(ctx: GeneratorContext, options: ChurnOptions, total: number, out: NdjsonWriter): Promise<CompanyPass> {
  const pass: CompanyPass = { removed: new Set(), changed: 0, maxOrgSeqNo: 0, kept: 0 };
  const people: string[] = [];
  for await (const company of jsonLines<CompanySourceRecord>(path.join(options.dir, "companies.ndjson"))) {
    ctx.ids.reserve(company.orgNo);
    pass.maxOrgSeqNo = Math.max(pass.maxOrgSeqNo, company.orgSeqNo);
    const draw = ctx.rng.next();
    if (draw < CHURN_RATES.removed) {
      pass.removed.add(company.orgSeqNo);
      continue;
    }
    const written = draw < CHURN_RATES.removed + CHURN_RATES.changed ? mutateCompany(ctx.rng, company, people) : company;
    if (written !== company) pass.changed++;
    await out.write(written);
    if (company.boardMembers[0] && people.length < 500) people.push(company.boardMembers[0].name);
    pass.kept++;
    if (pass.kept % 1000 === 0) options.onProgress?.(pass.kept + pass.removed.size, total);
  }
  return pass;
}

export async function churnDataset(options: ChurnOptions): Promise<ChurnResult> {
  const raw = JSON.parse(readFileSync(path.join(options.dir, "manifest.json"), "utf8")) as { churnedFrom?: ChurnedFrom };
  const previous = SourceManifestSchema.parse(raw);
  const ctx: GeneratorContext = { rng: new Rng(roundSeed(options.seed, previous)), lists: loadSourceLists(), ids: new IdentityPool() };
  const companyOut = new NdjsonWriter(path.join(options.dir, "companies.ndjson"));
  const pass = await churnCompanies(ctx, options, previous.companies, companyOut);
  const forms = new WeightedPicker(FORM_PROFILES, formDrawWeights());
  const addedCount = Math.round(previous.companies * CHURN_RATES.added);
  const newWorksites: WorksiteSourceRecord[] = [];
  const usedCfar = new Set<string>();
  const worksiteOut = new NdjsonWriter(path.join(options.dir, "worksites.ndjson"));
  for await (const worksite of jsonLines<WorksiteSourceRecord>(path.join(options.dir, "worksites.ndjson"))) {
    usedCfar.add(worksite.cfarNo);
    if (!pass.removed.has(worksite.orgSeqNo)) await worksiteOut.write(worksite);
  }
  let cfarIndex = previous.worksites;
  for (let i = 1; i <= addedCount; i++) {
    const draft = buildCompany(ctx, pass.maxOrgSeqNo + i, forms.pick(ctx.rng));
    await companyOut.write(draft.record);
    const count = draft.record.isActive ? mandatoryWorksites(ctx.rng, draft) : 0;
    while (Array.from({ length: count }, (_, k) => cfarNumber(cfarIndex + k)).some((cfar) => usedCfar.has(cfar))) cfarIndex++;
    const built = buildWorksites(ctx, draft, count, cfarIndex);
    cfarIndex += built.length;
    newWorksites.push(...built);
  }
  for (const worksite of newWorksites) await worksiteOut.write(worksite);
  await Promise.all([companyOut.close(), worksiteOut.close()]);
  options.onProgress?.(previous.companies, previous.companies);
  const manifest: SourceManifest = {
    format: SOURCE_FORMAT,
    seed: previous.seed,
    companies: companyOut.count,
    worksites: worksiteOut.count,
    generatedAt: new Date().toISOString(),
    source: previous.source,
  };
  const churnedFrom: ChurnedFrom = raw.churnedFrom ?? { companies: previous.companies, generatedAt: previous.generatedAt };
  writeFileSync(path.join(options.dir, "manifest.json"), JSON.stringify({ ...manifest, churnedFrom }, null, 2) + "\n");
  return { manifest, added: addedCount, removed: pass.removed.size, changed: pass.changed };
}
