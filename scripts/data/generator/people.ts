/** Synthetic people: names from SCB name statistics, ages; boards, managers and beneficial owners per form. */
import type { CompanySourceRecord } from "#search-index/engine";
import type { FormProfile } from "./forms";
import type { Rng } from "./random";
import type { SourceLists } from "./sources";

export interface Person {
  firstName: string;
  surname: string;
  name: string;
  age: number;
}

type Board = CompanySourceRecord["boardMembers"];
type Owners = CompanySourceRecord["beneficialOwners"];

export function person(rng: Rng, lists: SourceLists, minAge = 22, maxAge = 78): Person {
  const firstName = (rng.chance(0.5) ? lists.femaleNames : lists.maleNames).pick(rng);
  const surname = rng.chance(0.04) ? `${lists.surnames.pick(rng)}-${lists.surnames.pick(rng)}` : lists.surnames.pick(rng);
  const age = Math.round(Math.min(maxAge, Math.max(minAge, 48 + 12 * rng.normal())));
  return { firstName, surname, name: `${firstName} ${surname}`, age };
}

const member = (p: Person, ...roles: string[]) => ({ name: p.name, age: p.age, roles });

/** Board and functionaries of a company whose key person (owner or chair) is given. */
export function boardFor(rng: Rng, lists: SourceLists, profile: FormProfile, key: Person, size: number, hasAuditor: boolean): Board {
  const others = (n: number) => Array.from({ length: n }, () => person(rng, lists));
  const auditor = hasAuditor ? [member(person(rng, lists, 30, 66), "Revisor")] : [];
  switch (profile.form) {
    case "EN":
      return [member(key, "Innehavare")];
    case "HB":
      return [member(key, "Bolagsman"), ...others(rng.int(1, 2)).map((p) => member(p, "Bolagsman"))];
    case "KB":
      return [member(key, "Komplementär"), ...others(rng.int(1, 3)).map((p) => member(p, "Kommanditdelägare"))];
    case "AB":
    case "BAB":
    case "FAB":
    case "FL": {
      if (size < 3 && rng.chance(0.75)) return [member(key, "Ordinarie ledamot"), member(person(rng, lists), "Suppleant"), ...auditor];
      const board = others(rng.int(2, Math.min(8, 2 + Math.floor(size / 20))));
      return [
        member(key, "Ordförande"),
        ...board.map((p) => member(p, "Ordinarie ledamot")),
        member(person(rng, lists), "Suppleant"),
        ...auditor,
      ];
    }
    default: {
      const board = others(rng.int(2, 6));
      return [member(key, "Ordförande"), ...board.map((p, i) => member(p, i < 2 ? "Ordinarie ledamot" : "Suppleant")), ...auditor];
    }
  }
}

const EXTENTS = [
  "Mer än 75 procent av aktierna och rösterna",
  "Mer än 50 men högst 75 procent av rösterna",
  "Mer än 25 men högst 50 procent av rösterna",
  "Kontroll genom avtal eller andra rättigheter",
  "Ägande genom företag",
];

export interface BeneficialInfo {
  beneficialOwners: Owners;
  beneficialReportingObligation: boolean;
  beneficialStatus: CompanySourceRecord["beneficialStatus"];
  beneficialSuspicion: boolean;
}

/** Beneficial owners with every status of spec §3/§8; removed (gallrad) only for long-deregistered companies. */
export function beneficialFor(rng: Rng, profile: FormProfile, owners: Person[], isActive: boolean, isListed: boolean): BeneficialInfo {
  const none = { beneficialOwners: [], beneficialSuspicion: false };
  if (!profile.beneficialObligation || isListed) return { ...none, beneficialReportingObligation: false, beneficialStatus: null };
  if (!isActive && rng.chance(0.5)) return { ...none, beneficialReportingObligation: true, beneficialStatus: "REMOVED" };
  const roll = rng.next();
  const status = roll < 0.06 ? "NOT_REPORTED" : roll < 0.09 ? "UNSPECIFIED" : roll < 0.11 ? "MISSING" : null;
  const beneficialSuspicion = rng.chance(0.012);
  if (status) return { beneficialOwners: [], beneficialReportingObligation: true, beneficialStatus: status, beneficialSuspicion };
  const listed = owners.slice(0, 3);
  const extent = (i: number) => (listed.length === 1 ? EXTENTS[0] : listed.length === 2 ? EXTENTS[2] : EXTENTS[i === 0 ? 2 : 4]) ?? "";
  return {
    beneficialOwners: listed.map((p, i) => ({ name: p.name, age: p.age, extent: extent(i) })),
    beneficialReportingObligation: true,
    beneficialStatus: null,
    beneficialSuspicion,
  };
}

/** Manager title per form. */
export function managerTitleFor(form: string, hasCeo: boolean): string {
  if (form === "EN") return "Innehavare";
  if (form === "HB" || form === "KB") return "Bolagsman";
  if (hasCeo) return "Verkställande direktör";
  return "Ordförande";
}
