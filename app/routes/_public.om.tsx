/** About us (spec §2 /om): what Urval is, where the data comes from, and whom to contact for a demo. */
import type { MetaFunction } from "@remix-run/cloudflare";
import { StaffContacts } from "../components/staff-contacts";
import { publisherLine } from "#shared/publisher-text";
import { usePublisher } from "../lib/publisher-context";

export const meta: MetaFunction = () => [{ title: "Om oss – Urval" }];

export default function About() {
  const publisher = usePublisher();
  return (
    <main className="page page--text" id="main">
      <h1>Om oss</h1>
      <p className="lead">
        Urval är en prenumerationstjänst för dig som säljer till företag. Här söker du bland alla Sveriges cirka 1,3 miljoner företag och
        deras arbetsställen, väljer ut dem som passar just din verksamhet och tar med dig urvalet som en Excel-fil.
      </p>
      <h2>Vad du kan göra</h2>
      <ul>
        <li>Filtrera på bransch (SNI), plats, storlek, ekonomi och mycket mer, och se direkt hur många som matchar.</li>
        <li>Öppna ett företag för att se adresser, styrelse, verkliga huvudmän, koncern och bokslut.</li>
        <li>Exportera ditt urval, dela det med en kollega eller ta med egna listor över organisationsnummer.</li>
      </ul>
      <h2>Varifrån uppgifterna kommer</h2>
      <p>
        Uppgifterna bygger på offentliga register, bland annat Bolagsverkets och Statistiska centralbyråns företagsregister. Källa: SCB.
        Branscher anges enligt Svensk näringsgrensindelning (SNI 2007).
      </p>
      <h2>Prova Urval</h2>
      <p>
        Konton skapas av oss, inte på egen hand. Kontakta oss för en demo och en kostnadsfri provperiod, så hjälper vi dig att komma igång.
      </p>
      <StaffContacts />
      <p className="muted">{publisherLine(publisher)}</p>
    </main>
  );
}
