/** The bench Worker of `bench:search-workerd`: the search backend exactly as the API worker gets it, behind one route. */
import { getSearchBackend, parseSearch, type SearchEnv, visiblePage } from "#search-index";

interface BenchRequest {
  search: unknown;
  page?: number;
  listFile?: string[];
}

export default {
  async fetch(request: Request, env: SearchEnv): Promise<Response> {
    const body = (await request.json()) as BenchRequest;
    const backend = await getSearchBackend(env);
    const listFiles = new Map([[1, body.listFile ?? []]]);
    const results = await backend.search(parseSearch(body.search), { page: visiblePage(body.page ?? 0), listFiles });
    return Response.json({ hitCount: results.hitCount, records: results.records.length, facets: Object.keys(results.aggregations).length });
  },
};
