/**
 * The publisher's contact details (spec §1: footer, /om, /kontakt, /logga-in, /personuppgiftspolicy). They come from
 * the web worker's var PUBLISHER (wrangler.toml: development defaults in [vars.PUBLISHER], production in
 * [env.production.vars.PUBLISHER]), are checked here and reach the components through the root loader.
 */
import { z } from "zod";

/** What an operator still has to fill in (wrangler.toml [env.production]); refused everywhere. */
export const PLACEHOLDER_MARKER = "REPLACE_ME";

/**
 * Numbers the Swedish Post and Telecom Authority (PTS) reserves for fiction (film, books, examples): the development
 * defaults use them, production must not.
 */
const FICTIONAL_NUMBER_RANGES: readonly (readonly [string, string])[] = [
  ["0701740605", "0701740699"],
  ["0846500400", "0846500499"],
  ["0313900600", "0313900699"],
  ["0406280400", "0406280499"],
  ["0980319200", "0980319299"],
];

const text = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .refine((value) => !value.includes(PLACEHOLDER_MARKER), `still the placeholder ${PLACEHOLDER_MARKER}`);

/** A Swedish number written as the pages show it: area code, dash, digits in groups ("08-123 456 78"). */
const phone = text.pipe(z.string().regex(/^0\d{1,3}-\d[\d ]{3,10}\d$/, 'a Swedish number such as "08-123 456 78"'));

const email = text.pipe(z.email("an e-mail address"));

export const StaffContactSchema = z.strictObject({ name: text, role: text, phone, email });

export const PublisherSchema = z.strictObject({
  /** true only in the development defaults of wrangler.toml [vars]; production refuses it. */
  developmentDefaults: z.boolean().optional(),
  name: text,
  street: text,
  postalAddress: text,
  customerServicePhone: phone,
  customerServiceEmail: email,
  customerServiceHours: text,
  /** Ansvarig utgivare (the publication certificate's responsible editor). */
  responsiblePublisher: text,
  staff: z
    .array(StaffContactSchema)
    .min(1, "at least one contact")
    .refine((staff) => new Set(staff.map((person) => person.email)).size === staff.length, "staff e-mail addresses must differ"),
});
export type Publisher = z.infer<typeof PublisherSchema>;
export type StaffContact = z.infer<typeof StaffContactSchema>;

/** A var set as text (dashboard, `--var`) arrives as a string; one set as a TOML table as an object. */
const PublisherVarSchema = z.preprocess((value) => {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}, PublisherSchema);

export function isFictionalNumber(number: string): boolean {
  const digits = number.replace(/\D/g, "");
  return FICTIONAL_NUMBER_RANGES.some(([from, to]) => digits.length === from.length && digits >= from && digits <= to);
}

/** Everything wrong with a PUBLISHER value, for the worker and for `npm run deploy`; production is stricter. */
export function publisherProblems(value: unknown, options: { production: boolean }): string[] {
  if (value === undefined) return ["PUBLISHER is not set"];
  const parsed = PublisherVarSchema.safeParse(value);
  if (!parsed.success) return parsed.error.issues.map((issue) => `PUBLISHER.${issue.path.join(".") || "(value)"}: ${issue.message}`);
  if (!options.production) return [];
  const publisher = parsed.data;
  const problems: string[] = [];
  if (publisher.developmentDefaults) problems.push("PUBLISHER is marked developmentDefaults = true");
  const numbers = [publisher.customerServicePhone, ...publisher.staff.map((person) => person.phone)];
  for (const number of numbers.filter(isFictionalNumber)) problems.push(`PUBLISHER has the fictional phone number ${number}`);
  return problems;
}

const cache = new WeakMap<object, Publisher>();

/** The checked contact details of the worker's env; throws (the page fails closed) when they are not usable. */
export function readPublisher(env: { APP_ENV?: string; PUBLISHER?: unknown }): Publisher {
  const cached = cache.get(env);
  if (cached) return cached;
  const problems = publisherProblems(env.PUBLISHER, { production: env.APP_ENV === "production" });
  if (problems.length > 0) throw new Error(`The publisher's contact details (var PUBLISHER) are not usable: ${problems.join("; ")}`);
  const publisher = PublisherVarSchema.parse(env.PUBLISHER);
  cache.set(env, publisher);
  return publisher;
}
