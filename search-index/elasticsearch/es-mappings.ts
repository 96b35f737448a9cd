/**
 * Index settings and mappings for companies_v<N> and worksites_v<N>. Documents keep the search record and the detail
 * in non-indexed objects (`record`, `detail`); filter, facet and sort fields sit beside them. The free-text fields
 * (name, address, people) are analysed by `swedish_text` into the words the embedded index holds (å, ä, ö kept, other
 * accents folded, stop words left out; docs/decisions/0033).
 */
import { STOP_WORDS } from "../free-text";
import {
  BOOL_FILTER_NAMES,
  BOOL_FILTERS,
  CODE_SET_NAMES,
  CODE_SETS,
  codeSetDef,
  FLAT_CODE_SETS,
  RANGE_FIELD_NAMES,
  rangeFieldDef,
  type ResultType,
  type TreeCodeSet,
} from "#shared/search/search-fields";

const keyword = { type: "keyword" } as const;
// Facet fields: their global ordinals are built when a version's segments are opened (the reindex's warming), not by
// the first subscriber's search.
const facet = { type: "keyword", eager_global_ordinals: true } as const;
const bool = { type: "boolean" } as const;
const long = { type: "long" } as const;
const integer = { type: "integer" } as const;
const stored = { type: "object", enabled: false } as const;
const text = { type: "text", analyzer: "swedish_text" } as const;

/**
 * Accent folding as text.ts normalizeWord does it: every letter of Latin-1 and Latin Extended-A/B that decomposes into
 * a base letter and accents becomes the base letter, except å, ä and ö (letters of their own in Swedish).
 */
const ACCENT_FOLDING: string[] = [];
for (let cp = 0xc0; cp <= 0x24f; cp++) {
  const ch = String.fromCodePoint(cp);
  if ("åäöÅÄÖ".includes(ch)) continue;
  const base = ch.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  if (base !== ch && base.length === 1) ACCENT_FOLDING.push(`${ch} => ${base}`);
}

export const INDEX_SETTINGS = {
  number_of_shards: 1,
  number_of_replicas: 0,
  refresh_interval: "-1",
  // The bulk load fsyncs its translog every few seconds, not per request: a reindex that dies is started again anyway
  // (its version never goes live). SERVING_SETTINGS sets each request's durability back.
  translog: { durability: "async" },
  analysis: {
    char_filter: {
      swedish_accents: { type: "mapping", mappings: ACCENT_FOLDING },
      // Words as text.ts splits them: anything but a letter or a digit separates ("AB:s" → "ab", "s").
      word_separators: { type: "pattern_replace", pattern: "[^\\p{L}\\p{N}]+", replacement: " " },
    },
    filter: { urval_stop: { type: "stop", stopwords: [...STOP_WORDS], ignore_case: true } },
    analyzer: {
      // The free-text fields (free-text.ts): the same words as the embedded index, without stemming.
      swedish_text: {
        type: "custom",
        tokenizer: "whitespace",
        char_filter: ["swedish_accents", "word_separators"],
        filter: ["lowercase", "urval_stop"],
      },
    },
  },
};

/** The declared fields of a result type as `{ document field: mapping }` (search-fields.ts). */
function declaredFields(type: ResultType) {
  const fields: Record<string, { type: string }> = {};
  for (const name of BOOL_FILTER_NAMES) if ((BOOL_FILTERS[name].types as readonly ResultType[]).includes(type)) fields[name] = bool;
  for (const name of RANGE_FIELD_NAMES) {
    const def = rangeFieldDef(name);
    // A derived range reads another field's column (search-fields.ts `derive`): it adds no field.
    if (def.types.includes(type) && !def.derive) fields[def.column] = { type: def.es };
  }
  return fields;
}

/** The flat code sets of a result type: a `keyword` field each, named as the set (search-fields.ts CODE_SETS). */
function codeSetFields(type: ResultType): Record<string, typeof keyword> {
  return Object.fromEntries(
    FLAT_CODE_SETS.filter((name) => (CODE_SETS[name].types as readonly ResultType[]).includes(type)).map((name) => [name, keyword]),
  );
}

type TreeDocField = (typeof CODE_SETS)[TreeCodeSet]["nodes"]["own" | "any"];

/** A tree's fields of the record's own node and of its every node (search-fields.ts `nodes`), facet fields each. */
function treeFields(): Record<TreeDocField, typeof facet> {
  return Object.fromEntries(
    CODE_SET_NAMES.flatMap((name) => {
      const nodes = codeSetDef(name).nodes;
      return nodes
        ? [
            [nodes.own, facet],
            [nodes.any, facet],
          ]
        : [];
    }),
  ) as Record<TreeDocField, typeof facet>;
}

/** Settings applied once the bulk load is done. */
export const SERVING_SETTINGS = { index: { refresh_interval: "1s", number_of_replicas: 1, translog: { durability: "request" as const } } };

const common = {
  id: long,
  orgSeqNo: long,
  orgNo: keyword,
  // Free text (free-text.ts TextFields): a worksite's name holds its company's name too.
  name: text,
  address: text,
  ...treeFields(),
  // The small facets' `<facet>:<value>` keys, counted by one terms aggregation (es-fields.ts FACET_KEYS_FIELD).
  facetKeys: facet,
  limited: bool,
  record: stored,
};

export const COMPANY_MAPPINGS = {
  dynamic: "strict",
  properties: {
    ...common,
    ...declaredFields("COMPANY"),
    nameSort: keyword,
    people: text,
    ...codeSetFields("COMPANY"),
    detail: stored,
    // Bevakning (docs/decisions/0024): the packed source record as text, its 53-bit hash and the change-set hash (the
    // source hash mixed with the company's worksites' hashes), both exact in a long.
    source: stored,
    sourceHash: long,
    changeHash: long,
  },
};

export const WORKSITE_MAPPINGS = {
  dynamic: "strict",
  properties: {
    ...common,
    ...declaredFields("WORKSITE"),
    cfarNo: keyword,
    ...codeSetFields("WORKSITE"),
    employeeRangeSort: integer,
    activeFrom: long,
  },
};
