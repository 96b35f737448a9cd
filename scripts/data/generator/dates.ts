/** ISO dates ("YYYY-MM-DD") as day numbers without Date objects (the generator does millions of these). */

/** Days since 1970-01-01 of a civil date (Howard Hinnant's days_from_civil). */
export function dayNumber(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** ISO date of a day number (civil_from_days). */
export function isoFromDayNumber(days: number): string {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return `${yoe + era * 400 + (month <= 2 ? 1 : 0)}-${pad2(month)}-${pad2(day)}`;
}

export function dayNumberOf(iso: string): number {
  return dayNumber(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)), Number(iso.slice(8, 10)));
}

export function addDays(iso: string, days: number): string {
  return isoFromDayNumber(dayNumberOf(iso) + days);
}

export function daysInMonth(year: number, month: number): number {
  return month === 12 ? 31 : dayNumber(year, month + 1, 1) - dayNumber(year, month, 1);
}

export function monthEnd(year: number, month: number): string {
  return `${year}-${pad2(month)}-${pad2(daysInMonth(year, month))}`;
}
