/**
 * SNI mix per kind of company, skewed like SCB's business register: section shares per profile, and within a
 * section the common detail groups weighted up (consultancy, construction, restaurants, hairdressers, …).
 */
import { sniDetailGroupCodes, sniSectionOf } from "#search-index";
import type { SniProfile } from "./forms";
import { type Rng, WeightedPicker } from "./random";

type Shares = Record<string, number>;

/** Percent per SNI section for the profiles that span the economy. */
const SECTION_SHARES: Record<"AB" | "EN" | "HB", Shares> = {
  AB: { A: 2, B: 0.2, C: 6, D: 0.8, E: 0.4, F: 14, G: 14, H: 4, I: 4, J: 8, K: 11, L: 9, M: 17, N: 5, P: 1.5, Q: 4, R: 2.2, S: 1.9 },
  EN: { A: 18, C: 3, F: 12, G: 9, H: 4, I: 2, J: 5, L: 3, M: 15, N: 7, P: 2.5, Q: 4, R: 9, S: 6.5 },
  HB: { A: 10, C: 3, F: 10, G: 12, H: 3, I: 6, J: 5, L: 15, M: 15, N: 6, Q: 3, R: 4, S: 4, K: 4 },
};

/** Weights of common detail groups within their section (others weigh 1). */
// prettier-ignore
const COMMON: Shares = {
  "01110": 20, "01500": 15, "02102": 15, "02101": 8, "01410": 6, "01420": 5, "02200": 6, "01430": 5, "01610": 4,
  "08120": 60, "08110": 20, "35110": 70, "35300": 10, "38110": 30, "38320": 20, "37000": 10, "39000": 20,
  "25620": 15, "10710": 6, "31090": 4, "32990": 5, "33120": 8, "18122": 5, "25110": 4, "28290": 3, "22290": 3, "16239": 3,
  "41200": 30, "43210": 12, "43221": 10, "43320": 14, "43341": 8, "43999": 8, "43120": 8, "43911": 3, "43330": 4, "41100": 3,
  "47911": 6, "47919": 10, "46900": 8, "45201": 6, "45110": 5, "47112": 3, "47711": 3, "46190": 4, "46180": 4, "47789": 4,
  "49410": 40, "49320": 25, "53202": 6, "52290": 5, "49420": 4, "49390": 3,
  "56100": 50, "56300": 6, "55101": 6, "55202": 4, "56210": 6, "55900": 4, "56299": 3,
  "62010": 25, "62020": 30, "62090": 8, "59110": 6, "58190": 2, "63110": 2, "58210": 2, "59200": 2, "63120": 2,
  "64202": 60, "64999": 6, "64991": 4, "66190": 4, "66220": 3,
  "68201": 25, "68209": 20, "68203": 15, "68202": 6, "68310": 4, "68320": 6, "68100": 6, "68204": 0.05,
  "70220": 30, "71121": 8, "71129": 8, "69201": 10, "73111": 6, "74102": 5, "71110": 4, "74900": 8, "74201": 3, "69102": 2,
  "81210": 20, "81300": 10, "78200": 6, "82990": 10, "77390": 3, "79120": 2, "81100": 4, "80100": 2, "82300": 2,
  "85599": 30, "85510": 10, "85522": 10, "85530": 5, "85594": 10,
  "86230": 10, "86905": 15, "86909": 15, "86222": 8, "86211": 3, "88102": 8, "87301": 3, "86903": 4, "88101": 4,
  "90010": 30, "90030": 20, "93199": 10, "90020": 10, "93130": 6, "93290": 6, "96021": 30, "96022": 20, "96040": 10, "96090": 10,
};

/** Fixed detail-group mixes for single-purpose profiles. */
const FIXED: Record<Exclude<SniProfile, "AB" | "EN" | "HB">, Shares> = {
  BRF: { "68204": 100 },
  SF: { "68209": 60, "52219": 30, "36002": 10 },
  IF: { "93120": 35, "94990": 35, "90010": 5, "85510": 5, "88993": 5, "94120": 5, "91020": 3, "93199": 7 },
  ST: { "68201": 20, "94990": 30, "88993": 10, "85599": 10, "64999": 20, "91020": 10 },
  EF: { "01500": 15, "35110": 10, "47112": 10, "68201": 15, "94990": 20, "85100": 10, "88910": 5, "46900": 5, "64999": 10 },
  PUBLIC: { "84111": 60, "84121": 10, "86102": 10, "94910": 20 },
  DB: { "68201": 40, "01500": 20, "64999": 40 },
  FL: { "46900": 30, "62020": 20, "70220": 20, "64190": 10, "41200": 10, "49410": 10 },
  BANK: { "64190": 100 },
  INSURANCE: { "65120": 70, "65119": 30 },
};

function sectionPicker(shares: Shares): WeightedPicker<string> {
  const sectionTotals = new Map<string, number>();
  for (const code of sniDetailGroupCodes) {
    const section = sniSectionOf(code) ?? "";
    sectionTotals.set(section, (sectionTotals.get(section) ?? 0) + (COMMON[code] ?? 1));
  }
  const codes = sniDetailGroupCodes.filter((code) => (shares[sniSectionOf(code) ?? ""] ?? 0) > 0);
  return new WeightedPicker(
    codes,
    codes.map((code) => {
      const section = sniSectionOf(code) ?? "";
      return ((shares[section] ?? 0) * (COMMON[code] ?? 1)) / (sectionTotals.get(section) ?? 1);
    }),
  );
}

function fixedPicker(shares: Shares): WeightedPicker<string> {
  for (const code of Object.keys(shares)) {
    if (!sniDetailGroupCodes.includes(code)) throw new Error(`sni-mix: unknown detail group ${code}`);
  }
  return WeightedPicker.fromPairs(Object.entries(shares));
}

const pickers = new Map<SniProfile, WeightedPicker<string>>();

function pickerFor(profile: SniProfile): WeightedPicker<string> {
  let picker = pickers.get(profile);
  if (!picker) {
    picker =
      profile === "AB" || profile === "EN" || profile === "HB" ? sectionPicker(SECTION_SHARES[profile]) : fixedPicker(FIXED[profile]);
    pickers.set(profile, picker);
  }
  return picker;
}

/** Main SNI code first, then 0–2 distinct secondary codes, usually from the main code's section. */
export function pickSniCodes(rng: Rng, profile: SniProfile, main?: string): string[] {
  const codes = [main ?? pickerFor(profile).pick(rng)];
  const extra = rng.chance(0.25) ? (rng.chance(0.3) ? 2 : 1) : 0;
  const section = sniSectionOf(codes[0] ?? "");
  const secondary = pickerFor(profile === "AB" || profile === "EN" || profile === "HB" ? profile : "AB");
  for (let i = 0; i < extra * 8 && codes.length < extra + 1; i++) {
    const code = secondary.pick(rng);
    if (!codes.includes(code) && (sniSectionOf(code) === section || i >= extra * 6)) codes.push(code);
  }
  return codes;
}
