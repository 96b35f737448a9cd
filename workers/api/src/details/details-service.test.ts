/**
 * loadCompanyByOrgNo (/v1/companies/{orgNo}, issue 47): whatever the search answers for the number, only the record
 * with the very same ten digits is taken; a near number, a number sharing a prefix or two records with the number are
 * no answer. tests/integration/v1-company-lookup.test.ts runs the same on the real worker and index.
 */
import { describe, expect, it } from "vitest";
import type { SearchBackend } from "#search-index";
import { OrgNoParamSchema, orgNoDigits } from "#shared/api-contracts/v1";
import { loadCompanyByOrgNo } from "./details-service";

const company = (orgSeqNo: number, orgNo: string) => ({ type: "COMPANY", orgSeqNo, orgNo, name: `Bolag ${orgSeqNo}` });

/** A backend whose search answers `records` for any search, and whose companies are those records. */
function backendAnswering(records: ReturnType<typeof company>[]): SearchBackend & { searched: string[] } {
  const searched: string[] = [];
  const backend = {
    searched,
    search: (search: { text?: string }) => {
      searched.push(search.text ?? "");
      return Promise.resolve({ type: "COMPANY", hitCount: records.length, records, aggregations: {}, nameForOrgSeqNo: null });
    },
    getEntity: (id: string) => Promise.resolve(records.find((record) => String(record.orgSeqNo) === id) ?? null),
  };
  return backend as unknown as SearchBackend & { searched: string[] };
}

const lookup = (backend: SearchBackend, orgNo: string) => loadCompanyByOrgNo(backend, "CONCERN", orgNo);

describe("loadCompanyByOrgNo", () => {
  it("takes the record with the very number among lookalikes, in every form of the number", async () => {
    const backend = backendAnswering([
      company(1, "556000-0018"),
      company(2, "556000-0019"),
      company(3, "556000-0091"),
      company(4, "656000-0019"),
    ]);
    for (const orgNo of ["556000-0019", "5560000019", "16556000-0019", "165560000019", "556000+0019"]) {
      expect(OrgNoParamSchema.safeParse(orgNo).success, orgNo).toBe(true);
      expect((await lookup(backend, orgNo)).orgSeqNo, orgNo).toBe(2);
    }
    expect(new Set(backend.searched)).toEqual(new Set(["556000-0019"]));
  });

  it("answers 404 when only near numbers or prefixes are found, or the number twice", async () => {
    const near = backendAnswering([company(1, "556000-0018"), company(3, "556000-0091"), company(5, "556000-00191")]);
    await expect(lookup(near, "556000-0019")).rejects.toMatchObject({ code: "ENTITY_NOT_FOUND", status: 404 });
    const twice = backendAnswering([company(1, "556000-0019"), company(2, "5560000019")]);
    await expect(lookup(twice, "556000-0019")).rejects.toMatchObject({ code: "ENTITY_NOT_FOUND", status: 404 });
  });

  it("accepts no part of a number, nor another century or separator", () => {
    for (const orgNo of ["556000", "556000-001", "55600000190", "17556000-0019", "556000 0019", "556000–0019", "556000-0019x"])
      expect(OrgNoParamSchema.safeParse(orgNo).success, orgNo).toBe(false);
    expect(orgNoDigits("19750101-0386")).toBe("7501010386");
  });
});
