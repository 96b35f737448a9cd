/**
 * Micro benchmark of parseAnnualReport on one core: a K2 report of about 30 KB shaped like filing software's
 * output (styled tables, a hidden header, about 140 facts of which a third are read), parsed repeatedly.
 * Run: bash scripts/toolchain/run.sh exec tsx scripts/data/annual-reports/ixbrl/bench-parse.ts [seconds]
 */
import { parseAnnualReport } from "./parse-report";

const LINE_ITEMS = [
  "Nettoomsattning",
  "OvrigaRorelseintakter",
  "RavarorFornodenheter",
  "HandelsvarorKostnader",
  "OvrigaExternaKostnader",
  "Personalkostnader",
  "AvskrivningarNedskrivningarMateriellaImmateriellaAnlaggningstillgangar",
  "Rorelseresultat",
  "OvrigaRanteintakterLiknandeResultatposter",
  "RantekostnaderLiknandeResultatposter",
  "ResultatEfterFinansiellaPoster",
  "SkattAretsResultat",
  "AretsResultat",
];
const BALANCE_ITEMS = [
  "InventarierVerktygInstallationer",
  "Kundfordringar",
  "OvrigaFordringarKortfristiga",
  "KassaBankExklRedovisningsmedel",
  "KassaBank",
  "Tillgangar",
  "Aktiekapital",
  "BalanseratResultat",
  "AretsResultatEgetKapital",
  "EgetKapital",
  "LangfristigaSkulder",
  "Leverantorsskulder",
  "Skatteskulder",
  "KortfristigaSkulder",
  "EgetKapitalSkulder",
];

function cell(concept: string, contextRef: string, value: number): string {
  const text = Math.abs(value)
    .toLocaleString("sv-SE")
    .replace(/\u00a0/g, " ");
  const sign = value < 0 ? ' sign="-"' : "";
  return `<td class="belopp" style="width: 3cm; text-align: right; vertical-align: bottom"><span class="b"><ix:nonFraction name="se-gen-base:${concept}" contextRef="${contextRef}" unitRef="SEK" decimals="INF" scale="0" format="ixt:numspacecomma"${sign}>${text}</ix:nonFraction></span></td>`;
}

function table(items: string[], contexts: [string, string]): string {
  const rows = items.map(
    (item, i) =>
      `<tr class="rad"><td class="text" style="padding-left: 0.2cm">${item.replace(/([a-z])([A-Z])/g, "$1 $2")}</td><td class="not">${i % 3 === 0 ? i + 1 : ""}</td>${cell(item, contexts[0], 100000 + i * 12345)}${cell(item, contexts[1], -(90000 + i * 2345))}</tr>`,
  );
  return `<table class="rr" style="border-collapse: collapse; width: 16cm">${rows.join("\n")}</table>`;
}

function report(): string {
  const context = (id: string, dates: string) => {
    const [start, end] = dates.split("/");
    const period =
      end === undefined
        ? `<xbrli:instant>${start}</xbrli:instant>`
        : `<xbrli:startDate>${start}</xbrli:startDate><xbrli:endDate>${end}</xbrli:endDate>`;
    return `<xbrli:context id="${id}"><xbrli:entity><xbrli:identifier scheme="http://www.bolagsverket.se">5560187493</xbrli:identifier></xbrli:entity><xbrli:period>${period}</xbrli:period></xbrli:context>`;
  };
  const prose = "Bolaget bedriver konsultverksamhet inom bygg och fastighet i Mellansverige. ".repeat(6);
  return `<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:ix="http://www.xbrl.org/2013/inlineXBRL" xmlns:xbrli="http://www.xbrl.org/2003/instance" xmlns:link="http://www.xbrl.org/2003/linkbase" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:iso4217="http://www.xbrl.org/2003/iso4217" xmlns:ixt="http://www.xbrl.org/inlineXBRL/transformation/2010-04-20" xmlns:se-gen-base="http://www.taxonomier.se/se/fr/gen-base/2021-10-31" xmlns:se-cd-base="http://www.taxonomier.se/se/fr/cd-base/2021-10-31" xmlns:se-bol-base="http://www.bolagsverket.se/se/fr/comp-base/2020-12-01">
<head><meta http-equiv="Content-Type" content="text/html; charset=utf-8"/><title>5560187493 Årsredovisning</title>
<style type="text/css">body { font-family: Arial; } .belopp { text-align: right; } .rubrik { font-weight: bold; font-size: 14pt; }</style></head>
<body><div style="display: none"><ix:header><ix:hidden>
<ix:nonNumeric name="se-cd-base:RakenskapsarForstaDag" contextRef="period0">2024-01-01</ix:nonNumeric>
<ix:nonNumeric name="se-cd-base:RakenskapsarSistaDag" contextRef="period0">2024-12-31</ix:nonNumeric>
<ix:nonNumeric name="se-cd-base:SprakHandlingUpprattadList" contextRef="period0">se-mem-base:SprakSvenskaMember</ix:nonNumeric>
</ix:hidden><ix:references><link:schemaRef xlink:type="simple" xlink:href="http://xbrl.taxonomier.se/se/fr/gaap/k2/risbs/2021-10-31/se-k2-risbs-2021-10-31.xsd"/></ix:references>
<ix:resources>${context("period0", "2024-01-01/2024-12-31")}${context("period1", "2023-01-01/2023-12-31")}${context("balans0", "2024-12-31")}${context("balans1", "2023-12-31")}
<xbrli:unit id="SEK"><xbrli:measure>iso4217:SEK</xbrli:measure></xbrli:unit><xbrli:unit id="procent"><xbrli:measure>xbrli:pure</xbrli:measure></xbrli:unit></ix:resources>
</ix:header></div>
<div class="sida" style="page-break-after: always; width: 21cm; min-height: 29.7cm"><p class="rubrik">Årsredovisning för</p>
<p class="rubrik"><ix:nonNumeric name="se-cd-base:ForetagetsNamn" contextRef="period0">Exempelbolaget i Mellansverige AB</ix:nonNumeric></p>
<p><ix:nonNumeric name="se-cd-base:Organisationsnummer" contextRef="period0">556018-7493</ix:nonNumeric></p></div>
<div class="sida" style="page-break-after: always"><p class="rubrik">Förvaltningsberättelse</p>
<p><ix:nonNumeric name="se-gen-base:AllmantVerksamheten" contextRef="period0" continuedAt="fortsattning">${prose}</ix:nonNumeric></p>
<p><ix:continuation id="fortsattning">${prose}</ix:continuation></p>
${table(LINE_ITEMS.slice(0, 4), ["period0", "period1"])}</div>
<div class="sida" style="page-break-after: always"><p class="rubrik">Resultaträkning</p>${table(LINE_ITEMS, ["period0", "period1"])}</div>
<div class="sida" style="page-break-after: always"><p class="rubrik">Balansräkning</p>${table(BALANCE_ITEMS, ["balans0", "balans1"])}</div>
<div class="sida"><p class="rubrik">Noter</p><p>${prose}</p>${table(LINE_ITEMS.slice(4, 8), ["period0", "period1"])}${table(BALANCE_ITEMS.slice(0, 8), ["balans0", "balans1"])}
<p>Medelantalet anställda <ix:nonFraction name="se-gen-base:MedelantaletAnstallda" contextRef="period0" unitRef="procent" decimals="INF" scale="0" format="ixt:numspacecomma">12</ix:nonFraction></p></div>
</body></html>`;
}

const seconds = Number(process.argv[2] ?? 5);
const bytes = new TextEncoder().encode(report());
for (let i = 0; i < 200; i++) parseAnnualReport(bytes);
const started = performance.now();
const cpuBefore = process.cpuUsage();
let parsed = 0;
while (performance.now() - started < seconds * 1000) {
  for (let i = 0; i < 100; i++) parseAnnualReport(bytes);
  parsed += 100;
}
const wall = (performance.now() - started) / 1000;
const cpuUsed = process.cpuUsage(cpuBefore);
// CPU time is what counts on a shared machine; wall time includes waiting for a core.
const cpu = (cpuUsed.user + cpuUsed.system) / 1e6;
console.log(
  `${(bytes.length / 1024).toFixed(1)} KB document: ${Math.round(parsed / cpu)} documents per CPU second, ` +
    `${Math.round(parsed / wall)} per wall second (${parsed} documents)`,
);
