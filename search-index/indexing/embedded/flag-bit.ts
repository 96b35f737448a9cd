import type { BoolFilter } from "#shared/search/search-fields";
import { FLAG_BITS } from "../../embedded/index-types";

/** The flag bits of a record; `bit(name, on)` sets one. */
export const bit = (name: BoolFilter, on: boolean): number => (on ? 1 << FLAG_BITS[name] : 0);
