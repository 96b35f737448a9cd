/**
 * The publisher's contact details shown on the public pages and in the footer (spec §1). The one place to change them.
 * Phone numbers are in the range the Swedish Post and Telecom Authority reserves for fiction until the operator's real
 * numbers are filled in.
 */
export const COMPANY = {
  name: "Urval AB",
  street: "Kungsgatan 12",
  postal: "111 35 Stockholm",
  orgNo: "559999-0005",
  customerServicePhone: "031-390 06 00",
  customerServiceEmail: "kundservice@urval.se",
  customerServiceHours: "Vardagar 8.00–17.00",
  publisherLine: "Urval är en redaktionell prenumerationstjänst med utgivningsbevis. Ansvarig utgivare: Karin Ekström.",
  foundedYear: 2026,
} as const;

/** Staff who can be contacted about demos, trial periods and accounts (spec §1: accounts are not self-service). */
export const STAFF = [
  { name: "Karin Ekström", role: "Försäljning och demo", phone: "031-390 06 01", email: "karin.ekstrom@urval.se" },
  { name: "Johan Berg", role: "Kundservice och konton", phone: "031-390 06 02", email: "johan.berg@urval.se" },
] as const;

export const telHref = (phone: string) => `tel:+46${phone.replace(/\D/g, "").slice(1)}`;
