/**
 * Juridiska enheter that are in SCB's file but neither in the source dataset nor in Bolagsverket's file: mostly sole
 * traders who never registered with Bolagsverket (many of them no longer active), some ideella föreningar,
 * samfällighetsföreningar, dödsbon and family foundations. They are drawn with the dataset generator's own company
 * builder, with organisation numbers that no source company has (every source number is reserved first).
 */
import type { CompanySourceRecord } from "#search-index/engine";
import { buildCompany, type GeneratorContext } from "../generator/company";
import { formProfile } from "../generator/forms";
import { IdentityPool } from "../generator/identities";
import { Rng, WeightedPicker } from "../generator/random";
import { loadSourceLists } from "../generator/sources";

const FORM_MIX: readonly (readonly [string, number])[] = [
  ["EN", 0.8],
  ["IF", 0.08],
  ["SF", 0.06],
  ["DB", 0.045],
  ["FST", 0.015],
];
/** Share of the extra entities still active (SCB keeps units that have ceased, FtgStat 9). */
const ACTIVE_SHARE = 0.55;

export class ScbExtraEntities {
  private readonly ids = new IdentityPool();

  /** Marks a source company's number as taken. */
  reserve(orgNo: string): void {
    this.ids.reserve(orgNo);
  }

  /** `count` entities, deterministic for the seed and the reserved numbers. */
  *draw(count: number, seed: number): Generator<CompanySourceRecord> {
    const ctx: GeneratorContext = { rng: new Rng(seed ^ 0x5cb5cb), lists: loadSourceLists(), ids: this.ids };
    const forms = WeightedPicker.fromPairs(FORM_MIX.map(([form, share]) => [formProfile(form), share] as const));
    for (let i = 1; i <= count; i++) {
      const profile = forms.pick(ctx.rng);
      yield buildCompany(ctx, i, profile, { forceActive: ctx.rng.chance(ACTIVE_SHARE) }).record;
    }
  }
}
