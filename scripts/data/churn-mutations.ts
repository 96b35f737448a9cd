/**
 * The field changes of one company in a churn round (churn.ts): one or two of name, address, phone, SNI, board,
 * beneficial owners and their status, credit grade, employees, a new financial period, deregistration.
 */
import type { CompanySourceRecord } from "#search-index/engine";
import type { Rng } from "./generator/random";

type Company = CompanySourceRecord;
type Mutation = (rng: Rng, company: Company, people: readonly string[]) => Company | null;

const plusYear = (date: string) => `${Number(date.slice(0, 4)) + 1}${date.slice(4)}`;

const MUTATIONS: Mutation[] = [
  (_, c) => ({ ...c, name: c.name.startsWith("Nya ") ? c.name.slice(4) : `Nya ${c.name}` }),
  (rng, c) => {
    const street = c.postalAddress.streetAddress;
    if (!street) return null;
    const moved = /\d+$/.test(street) ? street.replace(/\d+$/, String(rng.int(1, 120))) : `${street} ${rng.int(1, 120)}`;
    return { ...c, postalAddress: { ...c.postalAddress, streetAddress: moved } };
  },
  (rng, c) => ({ ...c, phoneNumbers: [`0${rng.int(10, 99)}-${rng.int(100, 999)} ${rng.int(10, 99)}`, ...c.phoneNumbers.slice(0, 1)] }),
  (_, c) => (c.sniCodes.length >= 2 ? { ...c, sniCodes: [c.sniCodes[1]!, c.sniCodes[0]!, ...c.sniCodes.slice(2)] } : null),
  (rng, c, people) => {
    if (people.length === 0) return null;
    const member = { name: rng.pick(people), age: rng.int(30, 70), roles: ["Ledamot"] };
    if (c.boardMembers.some((m) => m.name === member.name)) return null;
    return { ...c, boardMembers: [...c.boardMembers.slice(c.boardMembers.length > 2 ? 1 : 0), member] };
  },
  (rng, c, people) => {
    if (!c.beneficialReportingObligation || people.length === 0) return null;
    const owner = { name: rng.pick(people), age: rng.int(30, 80), extent: "mer än 25 %" };
    if (c.beneficialOwners.some((o) => o.name === owner.name)) return null;
    return { ...c, beneficialOwners: [owner, ...c.beneficialOwners.slice(1)], beneficialStatus: null };
  },
  (rng, c) => (c.beneficialReportingObligation ? { ...c, beneficialStatus: rng.pick(["NOT_REPORTED", "MISSING", null] as const) } : null),
  (rng, c) => {
    if (c.scoring === null) return null;
    const step = c.scoring === 1 ? 1 : c.scoring === 4 ? -1 : rng.chance(0.5) ? 1 : -1;
    return { ...c, scoring: c.scoring + step };
  },
  (rng, c) => (c.numEmployees === null ? null : { ...c, numEmployees: Math.max(0, c.numEmployees + rng.int(-3, 5)) }),
  (rng, c) => {
    const latest = c.financialPeriods[0];
    if (latest?.company.turnover == null) return null;
    const turnover = Math.round(latest.company.turnover * (0.9 + rng.next() * 0.3));
    const period = {
      ...latest,
      periodStart: plusYear(latest.periodStart),
      periodEnd: plusYear(latest.periodEnd),
      company: { ...latest.company, turnover },
    };
    return { ...c, turnover, financialPeriods: [period, ...c.financialPeriods].slice(0, 5) };
  },
  (rng, c) => (c.isActive && rng.chance(0.25) ? { ...c, isActive: false } : null),
];

/** The company with one or two of its fields changed (a mutation that does not apply or changes nothing is drawn again). */
export function mutateCompany(rng: Rng, company: Company, people: readonly string[]): Company {
  let result = company;
  const original = JSON.stringify(company);
  const wanted = rng.chance(0.3) ? 2 : 1;
  for (let applied = 0, tries = 0; applied < wanted && tries < 12; tries++) {
    const next = rng.pick(MUTATIONS)(rng, result, people);
    const text = next ? JSON.stringify(next) : null;
    if (next && text !== JSON.stringify(result) && text !== original) {
      result = next;
      applied++;
    }
  }
  return result;
}
