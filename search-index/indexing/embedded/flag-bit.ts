import type { BoolFilter } from "#shared/search/search-fields";
import { FLAG_BITS } from "../../embedded/index-types";

/** The flag bits of a record; `bit(name, on)` sets one. */
export const bit = (name: BoolFilter, on: boolean): number => (on ? 1 << FLAG_BITS[name] : 0);

/** The flag bits of a record's flags by name. */
export function flagBits(flags: Partial<Record<BoolFilter, boolean>>): number {
  let bits = 0;
  for (const [name, on] of Object.entries(flags) as [BoolFilter, boolean][]) bits |= bit(name, on);
  return bits;
}
