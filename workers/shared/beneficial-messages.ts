/** The beneficial-owner status messages of spec §8 (shared by the detail pane and the Bevakning change lines). */
export const BENEFICIAL_MESSAGES = {
  notObliged: "Företaget är inte anmälningspliktigt för verklig huvudman",
  NOT_REPORTED: "Verklig huvudman är ej rapporterad",
  UNSPECIFIED: "Verklig huvudman har ej gått att fastställa",
  MISSING: "Verklig huvudman saknas",
  REMOVED: "Information om verklig huvudman har gallrats då företaget avregistrerades för 5 år sedan eller mer",
  suspicion: "Det finns misstanke om att uppgifterna kan vara felaktiga",
} as const;
