/**
 * Personal-data policy (spec §1): what is collected, how it is used and shared, the user's rights, retention (customer
 * data 24 months after the relationship ends; purchase history used for marketing for 12 months) and security.
 */
import type { MetaFunction } from "@remix-run/cloudflare";
import { usePublisher } from "../lib/publisher-context";

export const meta: MetaFunction = () => [{ title: "Personuppgiftspolicy – Urval" }];

export default function PrivacyPolicy() {
  const publisher = usePublisher();
  return (
    <main className="page page--text" id="main">
      <h1>Personuppgiftspolicy</h1>
      <p className="lead">
        {publisher.name} är personuppgiftsansvarig för de personuppgifter som behandlas i Urval. Här beskriver vi vilka uppgifter vi samlar
        in, varför, hur länge vi sparar dem och vilka rättigheter du har enligt dataskyddsförordningen (GDPR).
      </p>
      <h2>Vilka uppgifter vi samlar in</h2>
      <ul>
        <li>Kontaktuppgifter: namn, e-postadress, telefonnummer och vilket företag du företräder.</li>
        <li>Konto- och avtalsuppgifter: användarnamn, prenumeration, godkända villkor och fakturauppgifter.</li>
        <li>Användningsuppgifter: inloggningar, sökningar du sparar eller delar, exporter och uppladdade listfiler.</li>
        <li>Meddelanden du skickar till oss, till exempel via kontaktformuläret.</li>
      </ul>
      <p>
        Företagsuppgifterna i tjänsten kommer från offentliga register. De kan innehålla personuppgifter om till exempel styrelseledamöter
        och verkliga huvudmän, som vi publicerar med stöd av vårt utgivningsbevis.
      </p>
      <h2>Hur vi använder uppgifterna</h2>
      <ul>
        <li>För att tillhandahålla tjänsten, hantera ditt konto och fullgöra vårt avtal med dig eller ditt företag.</li>
        <li>För att ge support, svara på frågor och informera om ändringar i tjänsten.</li>
        <li>För att skydda tjänsten mot missbruk och intrång och för att följa lagkrav, till exempel bokföringsregler.</li>
        <li>
          För marknadsföring av våra egna tjänster till befintliga kunder. Din köphistorik används för marknadsföring i 12 månader. Du kan
          när som helst tacka nej till sådan marknadsföring.
        </li>
      </ul>
      <h2>Vilka vi delar uppgifterna med</h2>
      <p>
        Vi säljer inte dina personuppgifter. Vi delar dem bara med leverantörer som hjälper oss att driva tjänsten, till exempel drift,
        e-post och sms, och bara i den utsträckning som behövs. De är bundna av personuppgiftsbiträdesavtal. Vi lämnar också ut uppgifter
        när lag eller myndighetsbeslut kräver det.
      </p>
      <h2>Dina rättigheter</h2>
      <p>
        Du har rätt att få veta vilka uppgifter vi har om dig, att få felaktiga uppgifter rättade, att få uppgifter raderade eller
        begränsade, att invända mot behandling och att få ut uppgifter du lämnat i ett maskinläsbart format. Du kan också lämna klagomål
        till Integritetsskyddsmyndigheten (IMY).
      </p>
      <h2>Hur länge vi sparar uppgifterna</h2>
      <p>
        Kunduppgifter sparas i 24 månader efter att kundförhållandet har upphört. Köphistorik används för marknadsföring i 12 månader.
        Uppgifter som vi enligt lag måste spara, till exempel bokföringsunderlag, sparas så länge lagen kräver.
      </p>
      <h2>Så skyddar vi uppgifterna</h2>
      <p>
        Uppgifterna skyddas med kryptering vid överföring, behörighetsstyrning och loggning. Bara de som behöver uppgifterna i sitt arbete
        kommer åt dem. Lösenord och engångskoder sparas aldrig i klartext, och inloggningen skyddas mot upprepade felaktiga försök.
      </p>
      <h2>Kontakt</h2>
      <p>
        Frågor om hur vi behandlar personuppgifter skickar du till{" "}
        <a href={`mailto:${publisher.customerServiceEmail}`}>{publisher.customerServiceEmail}</a> eller till {publisher.name},{" "}
        {publisher.street}, {publisher.postalAddress}.
      </p>
    </main>
  );
}
