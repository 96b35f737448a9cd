/**
 * Terms of use (GET /api/subscription/terms-of-use): a list of HTML paragraphs. The text is kept as plain strings
 * and rendered here with every character escaped; the only markup is our own <strong> heading, so the answer is
 * safe to insert as HTML.
 */
export const TERMS_VERSION = "2026-11-01";

const TERMS: ReadonlyArray<readonly [heading: string, text: string]> = [
  [
    "1. Tjänsten",
    "Urval är en prenumerationstjänst för urval av svenska företag och arbetsställen. Tjänsten är en redaktionell tjänst med utgivningsbevis och tillhandahålls av Urval AB (”vi”) till företag och organisationer som har tecknat ett abonnemang (”kunden”). Villkoren gäller för varje användare som loggar in i tjänsten.",
  ],
  [
    "2. Konto och inloggning",
    "Kontot är personligt och får inte delas med någon annan. Du ansvarar för att hålla lösenord och engångskoder hemliga. Misstänker du att någon obehörig har använt ditt konto ska du genast byta lösenord och kontakta kundtjänst.",
  ],
  [
    "3. Tillåten användning",
    "Uppgifterna i tjänsten får användas för kundens egen försäljning, marknadsföring, kundvård och analys. De får inte säljas vidare, lånas ut, publiceras eller användas för att bygga upp ett register som konkurrerar med tjänsten. Automatiserad hämtning av uppgifter utanför tjänstens funktioner är inte tillåten.",
  ],
  [
    "4. Export och kvot",
    "Varje abonnemang har ett antal poster som kan exporteras. En export räknas av från kvoten när den beställs. Exporterade uppgifter är en ögonblicksbild och uppdateras inte när registren ändras.",
  ],
  [
    "5. Personuppgifter i exporterade uppgifter",
    "Uppgifter om enskilda näringsidkare, styrelseledamöter och verkliga huvudmän är personuppgifter. När du exporterar eller på annat sätt använder sådana uppgifter är kunden personuppgiftsansvarig för sin behandling och ska följa dataskyddsförordningen (GDPR), marknadsföringslagen och respektera spärrar mot direktreklam.",
  ],
  [
    "6. Uppgifternas kvalitet",
    "Uppgifterna kommer från offentliga register, bland annat SCB och Bolagsverket, och bearbetas av oss. Vi arbetar för att de ska vara korrekta och aktuella men kan inte garantera att de är fullständiga eller felfria. Kreditbetyget är en förenklad bedömning utifrån senaste bokslut och betalningsanmärkningar och är ingen garanti för ett företags betalningsförmåga.",
  ],
  [
    "7. Tillgänglighet",
    "Vi strävar efter att tjänsten ska vara tillgänglig dygnet runt, men den kan vara otillgänglig vid underhåll, uppdateringar eller störningar som vi inte råder över.",
  ],
  [
    "8. Spärr av konto",
    "Vi får spärra ett konto som används i strid med dessa villkor, vid misstanke om obehörig användning eller när abonnemanget har upphört.",
  ],
  [
    "9. Personuppgifter om dig som användare",
    "Vi behandlar dina uppgifter som användare, till exempel namn, e-postadress, telefonnummer och inloggningshistorik, enligt vår personuppgiftspolicy.",
  ],
  [
    "10. Ändringar och tillämplig lag",
    "Vi kan ändra villkoren. Vid väsentliga ändringar behöver du godkänna de nya villkoren innan du fortsätter att använda tjänsten. Svensk lag gäller och tvister avgörs av allmän domstol.",
  ],
];

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch);
}

/** The terms as HTML paragraphs: "<strong>heading</strong> text", every text escaped. */
export function termsOfUseParagraphs(): string[] {
  return TERMS.map(([heading, text]) => `<strong>${escapeHtml(heading)}</strong> ${escapeHtml(text)}`);
}
