/** Company names after Swedish naming habits per form; a few start with "-", "=", "+" or "@" (export escaping). */
import { nameWordsFor } from "./name-words";
import type { Person } from "./people";
import type { Rng } from "./random";
import type { SourceLists } from "./sources";

const GENERIC = ["Konsult", "Service", "Teknik", "Handel", "Invest", "Förvaltning", "Utveckling", "Partner"];
// prettier-ignore
const INVENTED = ["Nordvik", "Solbacken", "Fjällgården", "Ekbacka", "Tallhöjden", "Ljungdal", "Östanvind", "Björkö", "Skärgården", "Vasa", "Kronan", "Älvsnäs", "Lövånger", "Stjärnan", "Måsen", "Nova", "Aurora", "Vinga", "Hägern", "Tranan"];
// prettier-ignore
const BRF_WORDS = ["Ekorren", "Björken", "Tallen", "Måsen", "Svalan", "Lärkan", "Kastanjen", "Lönnen", "Hästskon", "Kvarnen", "Sjöutsikten", "Solgläntan", "Älgen", "Vårdkasen", "Blåklockan", "Fyrtornet"];
const SHELF = ["Goldcup", "Startplattan", "Lagerbolaget", "Grundstenen", "Bolagsstart"];
/** Real-looking names that begin with characters a spreadsheet would read as a formula. */
// prettier-ignore
export const EDGE_CASE_NAMES = ["-Tretton AB", "=Lika Villkor AB", "+46 Kommunikation AB", "@Hem Förvaltning AB", "-Minus Bygg AB", "=Summa Redovisning AB"];

/** A trade word for the detail group, e.g. "Snickeri", "Frisör", "Bygg & Entreprenad". */
export function tradeWord(rng: Rng, sniCode: string): string {
  return rng.pick(nameWordsFor(sniCode));
}

interface NameContext {
  sniCode: string;
  owner: Person;
  locality: string;
  municipalityName: string;
  isShelf: boolean;
}

function placeName(ctx: NameContext): string {
  return ctx.locality;
}

function limitedName(rng: Rng, lists: SourceLists, ctx: NameContext): string {
  if (ctx.isShelf) return `${rng.pick(SHELF)} ${rng.int(1000, 99999)} AB`;
  if (ctx.sniCode === "64202") return `${rng.chance(0.6) ? ctx.owner.surname : rng.pick(INVENTED)} Holding AB`;
  const trade = tradeWord(rng, ctx.sniCode);
  const roll = rng.next();
  if (roll < 0.3) return `${ctx.owner.surname}s ${trade} AB`;
  if (roll < 0.5) return `${placeName(ctx)} ${trade} AB`;
  if (roll < 0.7) return `${rng.pick(INVENTED)} ${trade} AB`;
  if (roll < 0.82) return `${trade} i ${ctx.municipalityName} AB`;
  if (roll < 0.92) return `${ctx.owner.firstName} ${ctx.owner.surname} ${trade} AB`;
  return `${lists.surnames.pick(rng)} & ${lists.surnames.pick(rng)} ${trade} AB`;
}

export function companyName(rng: Rng, lists: SourceLists, form: string, ctx: NameContext): string {
  switch (form) {
    case "AB":
      return limitedName(rng, lists, ctx);
    case "EN":
      return rng.chance(0.55) ? ctx.owner.name : `${ctx.owner.surname}s ${tradeWord(rng, ctx.sniCode)}`;
    case "HB":
    case "KB":
      return rng.chance(0.5)
        ? `${ctx.owner.surname} & ${lists.surnames.pick(rng)} ${form}`
        : `${placeName(ctx)} ${tradeWord(rng, ctx.sniCode)} ${form === "HB" ? "Handelsbolag" : "Kommanditbolag"}`;
    case "BRF":
    case "KHF":
      return rng.chance(0.6)
        ? `Bostadsrättsföreningen ${rng.pick(BRF_WORDS)} ${rng.int(1, 40)}`
        : `Brf ${rng.pick(BRF_WORDS)} i ${placeName(ctx)}`;
    case "SF":
      return rng.chance(0.5) ? `${placeName(ctx)} Samfällighetsförening` : `${rng.pick(BRF_WORDS)}s vägförening`;
    case "IF":
      return rng.pick([
        `${placeName(ctx)}s IF`,
        `${placeName(ctx)} Hembygdsförening`,
        `Föreningen ${rng.pick(INVENTED)}`,
        `${placeName(ctx)} Musikförening`,
      ]);
    case "ST":
    case "FST":
      return `Stiftelsen ${ctx.owner.surname}s ${rng.pick(["minnesfond", "stipendiefond", "fond", "gård"])}`;
    case "EF":
      return `${placeName(ctx)} ${tradeWord(rng, ctx.sniCode)} ekonomisk förening`;
    case "DB":
      return `Dödsbo efter ${ctx.owner.name}`;
    case "K":
      return `${ctx.municipalityName} kommun`;
    case "R":
      return `Region ${ctx.municipalityName}`;
    case "FL":
      return `${rng.pick(INVENTED)} ${rng.pick(["GmbH", "A/S", "Oy", "AS", "Ltd"])}, filial`;
    default:
      return otherName(rng, form, ctx);
  }
}

function otherName(rng: Rng, form: string, ctx: NameContext): string {
  const place = placeName(ctx);
  switch (form) {
    case "SM":
      return rng.pick([`Tingsrätten i ${place}`, `Lantmäteriet ${place}`, `Polisen ${place}`, `Statens servicecenter ${place}`]);
    case "KY":
      return `${place} församling`;
    case "TSF":
      return rng.pick([`Pingstförsamlingen i ${place}`, `${place} Missionsförsamling`, `Katolska församlingen i ${place}`]);
    case "BAB":
      return `${place} Bank AB`;
    case "FAB":
      return `${rng.pick(INVENTED)} Försäkring AB`;
    case "SB":
      return `Sparbanken ${place}`;
    case "OFB":
      return `${place} Ömsesidiga Försäkringsbolag`;
    default:
      return `${place} ${rng.pick(GENERIC)}`;
  }
}
