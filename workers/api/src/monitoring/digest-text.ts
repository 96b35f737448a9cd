/** The Bevakning digest e-mail's text (issue 16): pure, Swedish, plain text like the one-time-code messages. */
import type { Digest } from "#shared/api-contracts/monitoring";
import { countOf, formatNumber } from "#shared/format";
import { withoutUnsaveableCharacters as plain } from "#shared/plain-text";

export interface DigestAlert {
  kind: "SEARCH_NEW" | "SEARCH_REMOVED" | "COMPANY_CHANGED";
  subjectName: string | null;
  companyName: string;
  changes: string[];
}

export interface DigestInput {
  firstName: string;
  digest: Digest;
  origin: string;
  alerts: DigestAlert[];
}

/** Companies listed per saved search before "och N till". */
const NAMES_SHOWN = 5;

const companies = (n: number) => (n === 1 ? "1 företag" : `${formatNumber(n)} företag`);

function searchSection(alerts: DigestAlert[]): string[] {
  const bySearch = new Map<string, { added: string[]; removed: string[] }>();
  for (const alert of alerts) {
    if (alert.kind === "COMPANY_CHANGED") continue;
    // A name saved before format characters were refused, or a company's name, must not turn the mail's text around.
    const name = plain(alert.subjectName ?? "Bevakning");
    const entry = bySearch.get(name) ?? { added: [], removed: [] };
    (alert.kind === "SEARCH_NEW" ? entry.added : entry.removed).push(plain(alert.companyName));
    bySearch.set(name, entry);
  }
  const lines: string[] = [];
  for (const [name, { added, removed }] of bySearch) {
    const parts = [
      added.length > 0 ? countOf(added.length, "nytt företag", "nya företag") : null,
      removed.length > 0 ? `${companies(removed.length)} matchar inte längre` : null,
    ];
    lines.push(`• ${name}: ${parts.filter(Boolean).join(", ")}`);
    if (added.length > 0) {
      const more = added.length > NAMES_SHOWN ? ` och ${formatNumber(added.length - NAMES_SHOWN)} till` : "";
      lines.push(`  Nya: ${added.slice(0, NAMES_SHOWN).join(", ")}${more}`);
    }
  }
  return lines.length > 0 ? ["Sparade sökningar", ...lines, ""] : [];
}

function companySection(alerts: DigestAlert[]): string[] {
  const lines: string[] = [];
  for (const alert of alerts.filter((a) => a.kind === "COMPANY_CHANGED")) {
    lines.push(`• ${plain(alert.companyName)}`, ...alert.changes.map((change) => `  – ${plain(change)}`));
  }
  return lines.length > 0 ? ["Bevakade företag", ...lines, ""] : [];
}

const SETTING_WORDS: Record<Digest, string> = { DAILY: "dagligt", WEEKLY: "veckovis", NONE: "inget" };

export function digestSubject(alerts: DigestAlert[]): string {
  return alerts.length === 1 ? "Bevakning: 1 ny händelse" : `Bevakning: ${formatNumber(alerts.length)} nya händelser`;
}

export function digestText(input: DigestInput): string {
  const link = `${input.origin}/bevakningar`;
  return [
    `Hej ${input.firstName}!`,
    "",
    "Det här har hänt i dina bevakningar sedan förra utskicket:",
    "",
    ...searchSection(input.alerts),
    ...companySection(input.alerts),
    `Se alla ändringar: ${link}`,
    "",
    `Du får det här mejlet eftersom du har valt ${SETTING_WORDS[input.digest]} utskick. Du kan ändra det på ${link}.`,
    "",
    "Hälsningar",
    "Urval",
  ].join("\n");
}
