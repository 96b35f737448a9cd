/** Where the loaded reference data holds each flat code set's entries (search-fields.ts CODE_SETS, kind "codes"). */
import type { FlatCodeSet } from "#shared/search/search-fields";

/** The key of a flat code set's entries in the loaded reference data ("companyFormEntries"). */
export type EntriesKey = `${FlatCodeSet}Entries`;
export const entriesKey = <N extends FlatCodeSet>(name: N): `${N}Entries` => `${name}Entries`;
