/** Turns the builders' insertion-order columns into the final SearchIndex (ordered by id, ranked, CSR lists). */
import type { BuildContext } from "./build-context";
import { COMPANY_VALUE_FIELDS } from "../field-sources";
import { RANGE_FIELDS } from "#shared/search/search-fields";
import type { CompanyColumnsBuilder } from "./company-builder";
import type { EntityColumnsBuilder } from "./entity-builder";
import { CsrBuilder } from "../../embedded/growable";
import { NO_CODE, NULL_RANK, type CompanyIndex, type EntityIndex, type SearchIndex } from "../../embedded/index-types";
import { denseRanks, permute, permuteCsr, sortOrder, stringRanks } from "../../embedded/ranks";
import { unknownNode } from "../../embedded/tree-index";
import type { WorksiteColumnsBuilder } from "./worksite-builder";

function commonColumns(builder: EntityColumnsBuilder, order: Uint32Array | null) {
  return {
    count: builder.count,
    ids: permute(builder.ids.toArray(), order),
    flags: permute(builder.flags.toArray(), order),
    mainSni: permute(builder.mainSni.toArray(), order),
    sniAll: permuteCsr(builder.sniAll.build(), order),
    municipality: permute(builder.municipality.toArray(), order),
    codes: Object.fromEntries(Object.entries(builder.codes).map(([name, column]) => [name, permute(column.toArray(), order)])),
    words: builder.words.build(order),
  };
}

/** Per company: the seat's and every worksite's municipality and county, without duplicates. */
function companyLocations(
  context: BuildContext,
  municipality: Uint16Array,
  worksites: CompanyIndex["worksites"],
  worksiteMunicipality: Uint16Array,
) {
  const out = new CsrBuilder(Uint16Array);
  for (let f = 0; f < municipality.length; f++) {
    const unknown = unknownNode(context.location);
    const nodes = [municipality[f] ?? unknown];
    for (let k = worksites.offsets[f] ?? 0; k < (worksites.offsets[f + 1] ?? 0); k++)
      nodes.push(worksiteMunicipality[worksites.values[k] ?? 0] ?? unknown);
    out.add(context.withAncestors(context.location, nodes));
  }
  return out.build();
}

/** company position → its worksites' positions. */
function worksitesByCompany(companyCount: number, worksiteCompany: Uint32Array): CompanyIndex["worksites"] {
  const offsets = new Uint32Array(companyCount + 1);
  for (const c of worksiteCompany) offsets[c + 1] = (offsets[c + 1] ?? 0) + 1;
  for (let c = 0; c < companyCount; c++) offsets[c + 1] = (offsets[c + 1] ?? 0) + (offsets[c] ?? 0);
  const cursor = offsets.slice(0, companyCount);
  const values = new Uint32Array(worksiteCompany.length);
  worksiteCompany.forEach((c, w) => {
    values[cursor[c] ?? 0] = w;
    cursor[c] = (cursor[c] ?? 0) + 1;
  });
  return { offsets, values };
}

export function assembleIndex(
  context: BuildContext,
  companies: CompanyColumnsBuilder,
  worksites: WorksiteColumnsBuilder,
  version: number,
): SearchIndex {
  const order = companies.order;
  const values: Record<string, Float64Array> = {};
  const companyRanks: Record<string, Uint32Array> = {};
  for (const field of COMPANY_VALUE_FIELDS) {
    const ranked = denseRanks(permute(companies.values[field].toArray(), order));
    values[field] = ranked.values;
    companyRanks[field] = ranked.ranks;
  }
  companyRanks.name = stringRanks(order ? Array.from(order, (i) => companies.sortKeys[i] ?? "") : companies.sortKeys);

  const worksiteOrder = sortOrder(worksites.ids.toArray());
  const worksiteCompany = permute(worksites.company.toArray(), worksiteOrder);
  const worksiteCommon = commonColumns(worksites, worksiteOrder);
  const companyCommon = commonColumns(companies, order);
  const byCompany = worksitesByCompany(companies.count, worksiteCompany);
  const orgNo = permute(companies.orgNo.toArray(), order);

  const companyIndex: CompanyIndex = {
    ...companyCommon,
    locationAll: companyLocations(context, companyCommon.municipality, byCompany, worksiteCommon.municipality),
    ranks: companyRanks,
    ownerAges: permuteCsr(companies.ownerAges.build(), order),
    company: null,
    orgNo,
    orgNoOrder: Uint32Array.from(orgNo.keys()).sort((a, b) => (orgNo[a] ?? 0) - (orgNo[b] ?? 0)),
    worksites: byCompany,
  };

  const employeeRange = worksiteCommon.codes.employeeRange ?? new Uint8Array(worksites.count).fill(NO_CODE);
  const activeFrom = denseRanks(permute(worksites.activeFrom.toArray(), worksiteOrder));
  values.activeFrom = activeFrom.values;
  const fromCompany = (field: string) => Uint32Array.from(worksiteCompany, (c) => companyRanks[field]?.[c] ?? NULL_RANK);
  const worksiteIndex: EntityIndex = {
    ...worksiteCommon,
    locationAll: null,
    ranks: {
      // The range fields a worksite shares with its company are its company's figures.
      ...Object.fromEntries(
        COMPANY_VALUE_FIELDS.filter((field) => RANGE_FIELDS[field].types.includes("WORKSITE")).map((f) => [f, fromCompany(f)]),
      ),
      activeFrom: activeFrom.ranks,
      // Size class "0" means unknown: sorts last like a missing value.
      employeeRange: Uint32Array.from(employeeRange, (code) => (code === 0 || code === NO_CODE ? NULL_RANK : code)),
    },
    ownerAges: null,
    company: worksiteCompany,
  };

  return {
    format: 1,
    version,
    builtAt: new Date().toISOString(),
    sni: context.sni,
    location: context.location,
    codeLists: context.codeLists,
    values,
    companies: companyIndex,
    worksites: worksiteIndex,
  };
}
