/** Where the loaded reference data holds each flat code set's entries (search-fields.ts CODE_SETS, kind "codes"). */
import { FLAT_CODE_SETS, type FlatCodeSet } from "#shared/search/search-fields";

/** The key of a flat code set's entries in the loaded reference data ("companyFormEntries"). */
export type EntriesKey = `${FlatCodeSet}Entries`;
export const entriesKey = <N extends FlatCodeSet>(name: N): `${N}Entries` => `${name}Entries`;

/** Every flat code set's key with no entries: reference data that names none of their codes. */
export const noEntries = (): Record<EntriesKey, { code: string; text: string }[]> =>
  Object.fromEntries(FLAT_CODE_SETS.map((name) => [entriesKey(name), []])) as unknown as Record<
    EntriesKey,
    { code: string; text: string }[]
  >;
