/** Words Swedish companies use in their names, by SNI detail group, then division, then section. */

// prettier-ignore
const BY_DETAIL: Record<string, string[]> = {
  "01110": ["Lantbruk", "Gård", "Spannmål"], "01410": ["Mjölk", "Gård"], "01500": ["Lantbruk", "Gård", "Jordbruk"],
  "02101": ["Skog", "Skogsförvaltning"], "02102": ["Skog", "Skogsvård"], "02200": ["Skogsentreprenad", "Skogstjänst"],
  "41100": ["Fastighetsutveckling", "Projekt"], "41200": ["Bygg", "Byggnads", "Bygg & Entreprenad", "Hus"],
  "43120": ["Mark", "Schakt", "Gräv & Transport"], "43210": ["El", "Elinstallationer", "Elservice", "El & Tele"],
  "43221": ["VVS", "Rör", "Värme & Sanitet"], "43222": ["Ventilation"], "43320": ["Snickeri", "Bygg & Snickeri"],
  "43330": ["Golv", "Kakel & Klinker"], "43341": ["Måleri", "Färg & Tapet"], "43342": ["Glas"], "43911": ["Plåt", "Tak & Plåt"],
  "43999": ["Bygg", "Bygg & Montage"], "45201": ["Bil", "Motor", "Bilservice"], "45110": ["Bil", "Bilhandel"],
  "47112": ["Livs", "Matbutik"], "47711": ["Mode", "Kläder"], "47911": ["E-handel", "Webbhandel"], "47919": ["E-handel", "Shop"],
  "49320": ["Taxi"], "49410": ["Åkeri", "Transport", "Frakt"], "49420": ["Flytt"], "53202": ["Bud", "Budservice"],
  "55101": ["Hotell"], "56100": ["Restaurang", "Krog", "Pizzeria", "Kök & Bar", "Café"], "56300": ["Bar", "Pub"],
  "62010": ["IT", "Software", "Systemutveckling", "Digital"], "62020": ["IT-konsult", "Data", "Tech", "IT"],
  "64202": ["Holding", "Förvaltning", "Invest"], "68201": ["Fastigheter", "Bostäder"], "68203": ["Fastigheter", "Lokaler"],
  "68209": ["Fastigheter", "Fastighets"], "68310": ["Fastighetsmäkleri", "Mäkleri"], "68320": ["Fastighetsförvaltning"],
  "69201": ["Redovisning", "Ekonomi", "Bokföring"], "69202": ["Revision"], "69101": ["Advokatbyrå"], "70220": ["Konsult", "Management", "Consulting", "Rådgivning"],
  "71110": ["Arkitekter", "Arkitektkontor"], "71121": ["Byggkonsult", "Konstruktion"], "71129": ["Teknik", "Ingenjörer"],
  "73111": ["Reklambyrå", "Kommunikation"], "74102": ["Design", "Form"], "74201": ["Foto", "Fotografi"],
  "81210": ["Städ", "Städservice", "Lokalvård"], "81300": ["Trädgård", "Grönyteskötsel"], "85599": ["Utbildning", "Kurs"],
  "86230": ["Tandvård", "Tandläkare", "Tandklinik"], "86905": ["Fysioterapi", "Rehab"], "86909": ["Hälsa", "Terapi"],
  "90010": ["Musik", "Produktion", "Scen"], "90030": ["Konst", "Ateljé", "Text"], "93130": ["Gym", "Träning"],
  "96021": ["Frisör", "Hår", "Hårstudio", "Salong"], "96022": ["Skönhet", "Beauty", "Hudvård"], "96040": ["Massage", "Spa"],
};

// prettier-ignore
const BY_DIVISION: Record<string, string[]> = {
  "01": ["Lantbruk", "Gård"], "02": ["Skog"], "03": ["Fiske"], "08": ["Grus", "Sten"], "10": ["Livsmedel", "Bageri"],
  "16": ["Trä", "Snickeri"], "18": ["Tryck", "Grafiska"], "22": ["Plast"], "23": ["Betong", "Sten"], "25": ["Mekaniska", "Verkstad", "Smide"],
  "28": ["Maskin", "Industri"], "31": ["Möbler", "Inredning"], "33": ["Industriservice", "Service"], "35": ["Energi", "Kraft"],
  "38": ["Återvinning", "Miljö"], "42": ["Anläggning", "Entreprenad"], "43": ["Bygg", "Montage"], "45": ["Bil", "Motor"],
  "46": ["Trading", "Import", "Partihandel", "Agentur"], "47": ["Handel", "Butik", "Shop"], "49": ["Transport", "Åkeri"],
  "52": ["Logistik", "Spedition"], "55": ["Hotell", "Logi"], "56": ["Restaurang", "Café"], "58": ["Förlag", "Media"],
  "59": ["Film", "Media", "Produktion"], "62": ["IT", "Data"], "63": ["Data", "Media"], "64": ["Invest", "Kapital", "Finans"],
  "66": ["Finans", "Försäkring"], "68": ["Fastigheter"], "69": ["Juridik", "Redovisning"], "70": ["Konsult", "Management"],
  "71": ["Teknik", "Ingenjörer"], "72": ["Forskning", "Labs"], "73": ["Reklam", "Media", "Marknad"], "74": ["Design", "Studio"],
  "77": ["Uthyrning", "Rental"], "78": ["Bemanning", "Rekrytering"], "79": ["Resor", "Travel"], "80": ["Säkerhet", "Bevakning"],
  "81": ["Service", "Städ", "Fastighetsservice"], "82": ["Kontorsservice", "Event"], "85": ["Utbildning", "Skola"],
  "86": ["Vård", "Hälsa", "Klinik"], "87": ["Omsorg", "Vård"], "88": ["Omsorg", "Assistans"], "90": ["Kultur", "Produktion"],
  "93": ["Sport", "Event"], "95": ["Reparationer", "Service"], "96": ["Service"],
};

const BY_SECTION_FALLBACK = ["Konsult", "Service", "Teknik", "Handel", "Invest", "Utveckling", "Partner", "Group", "Nordic"];

/** Candidate name words for a detail group. */
export function nameWordsFor(sniCode: string): readonly string[] {
  return BY_DETAIL[sniCode] ?? BY_DIVISION[sniCode.slice(0, 2)] ?? BY_SECTION_FALLBACK;
}
