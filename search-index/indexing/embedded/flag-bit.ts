import type { BoolFilter } from "#shared/search/search-fields";
import { FLAG_BITS, KNOWN_BITS } from "../../embedded/index-types";

/** The flag bits of a record; `bit(name, on)` sets one, and its known bit where it has one. */
export const bit = (name: BoolFilter, on: boolean): number => {
  const known = KNOWN_BITS[name];
  return (on ? 1 << FLAG_BITS[name] : 0) | (known === undefined ? 0 : 1 << known);
};

/** The flag bits of a record's flags by name (an unknown flag is absent: neither bit set). */
export function flagBits(flags: Partial<Record<BoolFilter, boolean>>): number {
  let bits = 0;
  for (const [name, on] of Object.entries(flags) as [BoolFilter, boolean][]) bits |= bit(name, on);
  return bits;
}

/** A flag's value in a record's flag bits: null where it may be unknown and its known bit is clear. */
export function flagOf(bits: number, name: BoolFilter): boolean | null {
  const known = KNOWN_BITS[name];
  if (known !== undefined && (bits & (1 << known)) === 0) return null;
  return (bits & (1 << FLAG_BITS[name])) !== 0;
}
