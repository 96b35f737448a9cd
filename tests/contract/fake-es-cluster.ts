/**
 * A stateful fake Elasticsearch cluster (a handler for startFakeElasticsearch): enough of the REST API for the reindex
 * and Bevakning's percolator; fake-es-query.ts evaluates the queries.
 */
import type { FakeHandler, FakeRequest } from "./fake-elasticsearch";
import { FakeEsError, fieldValues, queryFields, queryMatches, type Json } from "./fake-es-query";

interface FakeIndex {
  mappings: { dynamic?: string; properties: Record<string, Json> };
  settings: unknown;
  aliases: Set<string>;
  docs: Map<string, Json>;
}

const FIELD_TYPES = new Set(["text", "keyword", "long", "integer", "double", "boolean", "object", "percolator"]);
const segments = (path: string) => path.split("/").filter(Boolean);
const asJson = (value: unknown) => (value ?? {}) as Json;

/** Picks `_source` fields: false, a field list, or includes / excludes (top-level and dotted prefixes). */
function filterSource(source: Json, spec: unknown, excludes: string[] = []): Json | undefined {
  if (spec === false) return undefined;
  const includes = Array.isArray(spec) ? (spec as string[]) : ((spec as { includes?: string[] } | undefined)?.includes ?? []);
  const dropped = [...excludes, ...((spec as { excludes?: string[] } | undefined)?.excludes ?? [])];
  const top = (f: string) => f.split(".")[0] as string;
  return Object.fromEntries(
    Object.entries(source).filter(
      ([key]) => (includes.length === 0 || includes.some((f) => top(f) === key)) && !dropped.some((f) => top(f) === key),
    ),
  );
}

type SortSpec = { field: string; desc: boolean }[];

function sortSpec(sort: unknown): SortSpec {
  return (Array.isArray(sort) ? sort : sort ? [sort] : []).map((entry) => {
    if (typeof entry === "string") return { field: entry, desc: false };
    const [field, order] = Object.entries(entry as Json)[0] as [string, unknown];
    const direction = typeof order === "string" ? order : (order as { order?: string }).order;
    return { field, desc: direction === "desc" };
  });
}

function compareSortValues(a: unknown[], b: unknown[], spec: SortSpec): number {
  for (let i = 0; i < spec.length; i++) {
    const [x, y] = [a[i], b[i]];
    if (x === y) continue;
    if (x === null || x === undefined) return 1;
    if (y === null || y === undefined) return -1;
    const order = typeof x === "number" && typeof y === "number" ? x - y : String(x) < String(y) ? -1 : 1;
    return spec[i]?.desc ? -order : order;
  }
  return 0;
}

/**
 * A stateful in-memory cluster behind startFakeElasticsearch: indices with their mappings (strict ones refuse unknown
 * fields, as Elasticsearch does), aliases, documents, _bulk, _mget, _count, _search with sort / search_after / _source
 * filtering, and the percolator: a `percolator` field stores a query (which must name only mapped fields), and a
 * `percolate` query evaluates the stored queries against the given documents, answering each matching stored query
 * with `fields._percolator_document_slot` (the matching documents' positions) as the percolate query documents it.
 * Indexing into a missing index creates it with dynamic mappings, as Elasticsearch's auto-create does. `_msearch`
 * answers each header/body pair of its NDJSON body like `_search` (an item's error in its place, the others answered).
 * `{ percolator: false }` is a cluster without the percolator module: a `percolator` field is refused as an unknown
 * type (mapper_parsing_exception "No handler for type [percolator] declared on field [query]", as Elasticsearch says).
 */
export class FakeCluster {
  readonly indices = new Map<string, FakeIndex>();
  private readonly fieldTypes: Set<string>;

  constructor(options: { percolator?: boolean } = {}) {
    this.fieldTypes = new Set([...FIELD_TYPES].filter((type) => type !== "percolator" || options.percolator !== false));
  }

  readonly handle: FakeHandler = (request) => {
    try {
      return this.route(request);
    } catch (error) {
      if (error instanceof FakeEsError) return { status: error.status, body: error.body() };
      throw error;
    }
  };

  private route(request: FakeRequest): { status?: number; body?: unknown } {
    const { method, path, query } = request;
    const [first = "", second, third] = segments(path);
    const body = asJson(request.body);
    if (first === "_bulk") return this.bulk(request.body as Json[]);
    if (first === "_aliases") return this.updateAliases(body);
    if (first === "_alias") return this.getAlias(String(second), method);
    if (second === "_bulk") return this.bulk(request.body as Json[], first);
    if (second === "_mget") return this.mget(first, body, (query.get("_source_excludes") ?? "").split(",").filter(Boolean));
    if (second === "_search") return this.search(first, body);
    if (first === "_msearch" || second === "_msearch") return this.msearch(request.body as Json[], second ? first : undefined);
    if (second === "_count") return { body: { count: this.matching(first, asJson(body.query ?? { match_all: {} })).length } };
    if (second === "_refresh") return { body: { _shards: { total: 1, successful: 1, failed: 0 } } };
    if (second === "_settings") return { body: { acknowledged: true } };
    if (second === "_mapping") return this.putMapping(first, body);
    if (second === "_doc" && method === "DELETE") return this.deleteDoc(first, String(third));
    if (second === "_doc") return this.indexDoc(first, String(third), body);
    if (second) throw new FakeEsError(400, "illegal_argument_exception", `fake cluster: unsupported ${method} ${path}`);
    if (method === "PUT") return this.createIndex(first, body);
    if (method === "HEAD") return { status: this.indices.has(first) ? 200 : 404 };
    if (method === "DELETE") return this.deleteIndices(first, query.get("ignore_unavailable") === "true");
    return this.getIndices(first, query.get("allow_no_indices") === "true");
  }

  /** Index names of a comma list of names, aliases and wildcards. */
  resolve(expression: string, allowMissing = false): string[] {
    const names = new Set<string>();
    for (const part of expression.split(",")) {
      if (part.includes("*")) {
        const pattern = new RegExp(`^${part.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*")}$`);
        for (const name of this.indices.keys()) if (pattern.test(name)) names.add(name);
        continue;
      }
      const aliased = [...this.indices].filter(([, index]) => index.aliases.has(part)).map(([name]) => name);
      if (this.indices.has(part)) names.add(part);
      else if (aliased.length > 0) aliased.forEach((name) => names.add(name));
      else if (!allowMissing) throw new FakeEsError(404, "index_not_found_exception", `no such index [${part}]`);
    }
    return [...names];
  }

  private index(name: string): FakeIndex {
    const [resolved] = this.resolve(name);
    return this.indices.get(resolved as string) as FakeIndex;
  }

  private createIndex(name: string, body: Json) {
    if (this.indices.has(name)) throw new FakeEsError(400, "resource_already_exists_exception", `index [${name}] already exists`);
    const mappings = asJson(body.mappings) as FakeIndex["mappings"];
    this.checkProperties(asJson(mappings.properties));
    this.indices.set(name, {
      mappings: { ...mappings, properties: { ...(mappings.properties ?? {}) } },
      settings: body.settings,
      aliases: new Set(),
      docs: new Map(),
    });
    return { body: { acknowledged: true, shards_acknowledged: true, index: name } };
  }

  private checkProperties(properties: Json) {
    for (const [field, spec] of Object.entries(properties)) {
      const type = String(asJson(spec).type ?? "object");
      if (!this.fieldTypes.has(type))
        throw new FakeEsError(400, "mapper_parsing_exception", `No handler for type [${type}] declared on field [${field}]`);
    }
  }

  private putMapping(name: string, body: Json) {
    const index = this.index(name);
    const properties = asJson(body.properties);
    this.checkProperties(properties);
    for (const [field, spec] of Object.entries(properties)) {
      const had = index.mappings.properties[field];
      if (had && String(had.type ?? "object") !== String(asJson(spec).type ?? "object"))
        throw new FakeEsError(
          400,
          "illegal_argument_exception",
          `mapper [${field}] cannot be changed from type [${had.type}] to [${asJson(spec).type}]`,
        );
      index.mappings.properties[field] = asJson(spec);
    }
    return { body: { acknowledged: true } };
  }

  /** A document as the index's mapping parses it: unknown fields refused under strict, added otherwise. */
  parseDocument(index: FakeIndex, doc: Json): void {
    for (const [field, value] of Object.entries(doc)) {
      const spec = index.mappings.properties[field];
      if (!spec) {
        if (index.mappings.dynamic === "strict")
          throw new FakeEsError(
            400,
            "strict_dynamic_mapping_exception",
            `[1:2] mapping set to strict, dynamic introduction of [${field}] within [_doc] is not allowed`,
          );
        index.mappings.properties[field] = {
          type: typeof value === "object" && value !== null && !Array.isArray(value) ? "object" : "keyword",
        };
        continue;
      }
      if (spec.type === "percolator") this.checkStoredQuery(index, field, value);
    }
  }

  private checkStoredQuery(index: FakeIndex, field: string, query: unknown) {
    if (!query || typeof query !== "object") throw new FakeEsError(400, "document_parsing_exception", `[${field}] is not a query`);
    for (const name of queryFields(query as Json)) {
      const spec = index.mappings.properties[name.split(".")[0] as string];
      if (!spec || spec.enabled === false)
        throw new FakeEsError(400, "document_parsing_exception", `No field mapping can be found for the field with name [${name}]`);
    }
  }

  private put(name: string, id: string, doc: Json) {
    if (!this.indices.has(name) && !this.resolve(name, true).length) this.createIndex(name, {});
    const target = this.index(name);
    this.parseDocument(target, doc);
    const created = !target.docs.has(id);
    target.docs.set(id, doc);
    return { created, index: this.resolve(name)[0] as string };
  }

  private indexDoc(name: string, id: string, doc: Json) {
    const { created, index } = this.put(name, id, doc);
    const result = { _index: index, _id: id, _version: 1, result: created ? "created" : "updated", _seq_no: 0, _primary_term: 1 };
    return { status: created ? 201 : 200, body: { ...result, _shards: { total: 1, successful: 1, failed: 0 } } };
  }

  private deleteDoc(name: string, id: string) {
    const index = this.index(name);
    const found = index.docs.delete(id);
    return { status: found ? 200 : 404, body: { _index: name, _id: id, _version: 1, result: found ? "deleted" : "not_found" } };
  }

  private deleteIndices(expression: string, ignoreUnavailable: boolean) {
    for (const name of this.resolve(expression, ignoreUnavailable)) this.indices.delete(name);
    return { body: { acknowledged: true } };
  }

  private getIndices(expression: string, allowNoIndices: boolean) {
    const names = this.resolve(expression, allowNoIndices);
    const entry = (index: FakeIndex) => ({
      aliases: Object.fromEntries([...index.aliases].map((alias) => [alias, {}])),
      mappings: index.mappings,
      settings: index.settings,
    });
    return { body: Object.fromEntries(names.map((name) => [name, entry(this.indices.get(name) as FakeIndex)])) };
  }

  /** GET/HEAD /_alias/{a,b,…}: each index holding one of the aliases, with those of its aliases that were asked for. */
  private getAlias(expression: string, method: string) {
    const asked = expression.split(",");
    const owners = [...this.indices].flatMap(([name, index]) => {
      const held = asked.filter((alias) => index.aliases.has(alias));
      return held.length > 0 ? [[name, { aliases: Object.fromEntries(held.map((alias) => [alias, {}])) }] as const] : [];
    });
    if (owners.length === 0)
      return { status: 404, body: method === "HEAD" ? undefined : { error: `alias [${expression}] missing`, status: 404 } };
    return { body: Object.fromEntries(owners) };
  }

  private updateAliases(body: Json) {
    for (const action of (body.actions ?? []) as Json[]) {
      const [kind, spec] = Object.entries(action)[0] as [string, { index: string; alias: string }];
      const index = this.index(spec.index);
      if (kind === "add") index.aliases.add(spec.alias);
      else if (kind === "remove") index.aliases.delete(spec.alias);
      else throw new FakeEsError(400, "illegal_argument_exception", `unsupported alias action [${kind}]`);
    }
    return { body: { acknowledged: true } };
  }

  private bulk(lines: Json[], defaultIndex?: string) {
    const items: Json[] = [];
    for (let i = 0; i < lines.length; i++) {
      const [op, meta] = Object.entries(lines[i] as Json)[0] as [string, { _index?: string; _id: string }];
      const name = meta._index ?? defaultIndex ?? "";
      try {
        if (op === "delete") {
          const found = this.resolve(name, true).length > 0 && this.index(name).docs.delete(meta._id);
          items.push({ delete: { _index: name, _id: meta._id, status: found ? 200 : 404, result: found ? "deleted" : "not_found" } });
          continue;
        }
        const doc = lines[++i] as Json;
        if (op !== "index" && op !== "create") throw new FakeEsError(400, "illegal_argument_exception", `unsupported bulk action [${op}]`);
        const { created } = this.put(name, meta._id, doc);
        items.push({ [op]: { _index: name, _id: meta._id, status: created ? 201 : 200, result: created ? "created" : "updated" } });
      } catch (error) {
        if (!(error instanceof FakeEsError)) throw error;
        items.push({ [op]: { _index: name, _id: meta._id, status: error.status, error: { type: error.type, reason: error.message } } });
      }
    }
    return { body: { took: 1, errors: items.some((item) => "error" in (Object.values(item)[0] as Json)), items } };
  }

  private mget(name: string, body: Json, excludes: string[]) {
    const index = this.index(name);
    const ids = ((body.ids ?? []) as unknown[]).map(String);
    const docs = ids.map((id) => {
      const doc = index.docs.get(id);
      return doc
        ? { _index: name, _id: id, _version: 1, _seq_no: 0, _primary_term: 1, found: true, _source: filterSource(doc, undefined, excludes) }
        : { _index: name, _id: id, found: false };
    });
    return { body: { docs } };
  }

  /** [index name, id, document] of every document of `expression` matching `query`; `slots` collects percolate matches. */
  private matching(expression: string, query: Json, slots?: Map<string, number[]>) {
    const hits: [string, string, Json][] = [];
    for (const name of this.resolve(expression)) {
      const index = this.indices.get(name) as FakeIndex;
      for (const [id, doc] of index.docs) {
        const found: number[] = [];
        const percolate = (clause: Json, stored: Json) => this.percolate(index, clause, stored, found);
        if (queryMatches(query, doc, { id, percolate })) {
          hits.push([name, id, doc]);
          if (found.length > 0) slots?.set(`${name}/${id}`, found);
        }
      }
    }
    return hits;
  }

  /** Whether the query stored in `clause.field` of `stored` matches any given document; their slots go to `found`. */
  private percolate(index: FakeIndex, clause: Json, stored: Json, found: number[]): boolean {
    const field = String(clause.field);
    if (index.mappings.properties[field]?.type !== "percolator")
      throw new FakeEsError(400, "query_shard_exception", `field [${field}] does not exist or is not a percolator field`);
    if (clause.index || clause.id)
      throw new FakeEsError(400, "illegal_argument_exception", "fake cluster: percolating a stored document is not supported");
    const documents = (clause.documents ?? (clause.document === undefined ? [] : [clause.document])) as Json[];
    if (documents.length === 0)
      throw new FakeEsError(400, "illegal_argument_exception", "[percolate] query is missing [document] or [documents]");
    const probe: FakeIndex = { ...index, mappings: { ...index.mappings, properties: { ...index.mappings.properties } } };
    documents.forEach((doc) => this.parseDocument(probe, doc));
    const query = stored[field] as Json | undefined;
    if (!query) return false;
    documents.forEach((doc, slot) => {
      if (queryMatches(query, doc, { id: "" })) found.push(slot);
    });
    return found.length > 0;
  }

  /** Header/body pairs; a header without `index` searches `defaultIndex` (the path's). */
  private msearch(lines: Json[], defaultIndex?: string) {
    const responses: unknown[] = [];
    for (let at = 0; at + 1 < lines.length; at += 2) {
      const index = String(asJson(lines[at]).index ?? defaultIndex ?? "");
      try {
        responses.push({ ...this.search(index, asJson(lines[at + 1])).body, status: 200 });
      } catch (error) {
        if (!(error instanceof FakeEsError)) throw error;
        responses.push(error.body());
      }
    }
    return { body: { took: 1, responses } };
  }

  private search(expression: string, body: Json) {
    const slots = new Map<string, number[]>();
    const query = asJson(body.query ?? { match_all: {} });
    const percolateName = (asJson(query.percolate).name as string | undefined) ?? null;
    const spec = sortSpec(body.sort);
    let hits = this.matching(expression, query, slots).map(([index, id, doc]) => ({
      index,
      id,
      doc,
      sort: spec.map(({ field }) => fieldValues(doc, field)[0] ?? null),
    }));
    if (spec.length > 0) hits.sort((a, b) => compareSortValues(a.sort, b.sort, spec));
    const after = body.search_after as unknown[] | undefined;
    if (after) hits = hits.filter((hit) => compareSortValues(hit.sort, after, spec) > 0);
    const total = hits.length;
    const from = Number(body.from ?? 0);
    const page = hits.slice(from, from + Number(body.size ?? 10));
    const slotField = percolateName ? `_percolator_document_slot_${percolateName}` : "_percolator_document_slot";
    return {
      body: {
        took: 1,
        timed_out: false,
        _shards: { total: 1, successful: 1, skipped: 0, failed: 0 },
        hits: {
          ...(body.track_total_hits === false ? {} : { total: { value: total, relation: "eq" } }),
          max_score: spec.length > 0 ? null : 1,
          hits: page.map((hit) => {
            const source = filterSource(hit.doc, body._source);
            const matched = slots.get(`${hit.index}/${hit.id}`);
            return {
              _index: hit.index,
              _id: hit.id,
              _score: spec.length > 0 ? null : 1,
              ...(source === undefined ? {} : { _source: source }),
              ...(spec.length > 0 ? { sort: hit.sort } : {}),
              ...(matched ? { fields: { [slotField]: matched } } : {}),
            };
          }),
        },
      },
    };
  }
}
