/** Contact (spec §2 /kontakt, §4): name, company, phone, e-mail and message; 'Meddelande skickat!' for 2 s, then cleared. */
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { ContactForm } from "../components/contact-form";
import { StaffContacts } from "../components/staff-contacts";
import { telHref } from "#shared/publisher-text";
import { usePublisher } from "../lib/publisher-context";
import { sendContactFromForm } from "../lib/form-action.server";

export const meta: MetaFunction = () => [{ title: "Kontakt – Urval" }];

/** Only for a form submitted before the page has hydrated (or without JavaScript); see lib/form-action.server.ts. */
export const action = ({ context, request }: ActionFunctionArgs) => sendContactFromForm(context, request);

export default function Contact() {
  const publisher = usePublisher();
  return (
    <main className="page page--split" id="main">
      <div>
        <h1>Kontakt</h1>
        <p className="lead">Har du frågor om Urval, vill du boka en demo eller prova tjänsten? Skriv till oss så hör vi av oss.</p>
        <ContactForm />
      </div>
      <aside aria-labelledby="customer-service">
        <h2 id="customer-service">Kundservice</h2>
        <p>
          <a href={telHref(publisher.customerServicePhone)}>{publisher.customerServicePhone}</a>
          <br />
          <a href={`mailto:${publisher.customerServiceEmail}`}>{publisher.customerServiceEmail}</a>
          <br />
          {publisher.customerServiceHours}
        </p>
        <StaffContacts />
      </aside>
    </main>
  );
}
