/** Swedish wall-clock time (Europe/Stockholm, daylight saving included) for file names and dates shown to users. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/**
 * Made on first use, not when the module loads: a formatter with a time zone loads the zone's data, which took most of
 * the top level of the browser's first evaluation of the app's code in a profile on the phone profile (decision 0071).
 */
let format: Intl.DateTimeFormat | undefined;
const wallClockFormat = () =>
  (format ??= new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/Stockholm",
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }));

export function stockholmWallClock(date: Date): WallClock {
  const parts: Record<string, number> = {};
  for (const part of wallClockFormat().formatToParts(date)) if (part.type !== "literal") parts[part.type] = Number(part.value);
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

const pad = (n: number) => String(n).padStart(2, "0");

/** "yyyymmdd-hhmm" in Swedish time, as export file names carry it (spec §7). */
export function fileTimestamp(date: Date): string {
  const t = stockholmWallClock(date);
  return `${t.year}${pad(t.month)}${pad(t.day)}-${pad(t.hour)}${pad(t.minute)}`;
}
