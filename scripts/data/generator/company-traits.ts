/** Register traits of a synthetic company: dates, size, registrations, fiscal year, description. */
import { employeeRangeBounds, sniCodeToText } from "#search-index";
import type { FormProfile } from "./forms";
import { addDays, daysInMonth } from "./dates";
import { type Rng, WeightedPicker } from "./random";

export const DATA_YEAR = 2026;
const LAST_DATE = "2026-10-31";
const pad = (n: number) => String(n).padStart(2, "0");

/** Registration year skewed to recent years (exponential age), not before the form's earliest year. */
export function registrationYear(rng: Rng, profile: FormProfile): number {
  const age = Math.floor(-Math.log(1 - rng.next()) * profile.meanAge);
  return Math.max(profile.earliestYear, DATA_YEAR - age);
}

export function dateInYear(rng: Rng, year: number): string {
  const month = rng.int(1, 12);
  const date = `${year}-${pad(month)}-${pad(rng.int(1, daysInMonth(year, month)))}`;
  return date > LAST_DATE ? LAST_DATE : date;
}

export function daysBefore(date: string, days: number): string {
  return addDays(date, -days);
}

/** An employee count drawn from the form's size-class weights (classes "1".."10"); class "1" means 0. */
const sizeClassPickers = new WeakMap<FormProfile, WeightedPicker<string>>();

export function employeeCount(rng: Rng, profile: FormProfile): number {
  let picker = sizeClassPickers.get(profile);
  if (!picker) {
    picker = new WeightedPicker(
      profile.employees.map((_, i) => String(i + 1)),
      profile.employees,
    );
    sizeClassPickers.set(profile, picker);
  }
  const code = picker.pick(rng);
  const bounds = employeeRangeBounds(code);
  if (!bounds || bounds.max === 0) return 0;
  const max = bounds.max ?? bounds.min * 2;
  // Log-uniform inside the class: small counts are more common than large ones.
  return Math.min(max, Math.floor(Math.exp(Math.log(bounds.min) + rng.next() * (Math.log(max + 1) - Math.log(bounds.min)))));
}

const CLOSING_MONTHS = WeightedPicker.fromPairs<number>([
  [12, 80],
  [4, 5],
  [6, 4],
  [8, 4],
  [3, 2],
  [9, 2],
  [5, 1.5],
  [10, 0.5],
  [1, 0.3],
  [2, 0.2],
  [7, 0.3],
  [11, 0.2],
]);

/** Closing month: natural persons and partnerships of natural persons use the calendar year. */
export function fiscalYearEndMonth(rng: Rng, profile: FormProfile): number {
  return profile.form === "EN" || profile.form === "HB" || profile.form === "KB" ? 12 : CLOSING_MONTHS.pick(rng);
}

const lowerFirst = (s: string) => s.charAt(0).toLocaleLowerCase("sv") + s.slice(1);

/** Business description in the style of Swedish articles of association. */
export function businessDescription(rng: Rng, profile: FormProfile, sniCode: string): string | null {
  if (rng.chance(0.04)) return null;
  const activity = lowerFirst(sniCodeToText[sniCode] ?? "handel");
  switch (profile.form) {
    case "AB":
      return `Bolaget ska bedriva ${activity} samt därmed förenlig verksamhet.`;
    case "EN":
      return `Verksamheten omfattar ${activity}.`;
    case "HB":
    case "KB":
      return `Bolaget ska bedriva ${activity} och annan därmed förenlig verksamhet.`;
    case "BRF":
    case "KHF":
      return "Föreningen har till ändamål att främja medlemmarnas ekonomiska intressen genom att i föreningens hus upplåta bostadslägenheter och lokaler till nyttjande och utan tidsbegränsning.";
    case "IF":
      return `Föreningen har till ändamål att bedriva ${activity} för sina medlemmar.`;
    case "ST":
    case "FST":
      return `Stiftelsens ändamål är att främja ${activity}.`;
    default:
      return `Verksamheten avser ${activity}.`;
  }
}
