/**
 * The contact form: no client validation (spec §5); after sending, 'Meddelande skickat!' for 2 s, then the form is
 * cleared (§4). Uncontrolled inputs read at submit, so text typed before hydration is kept; the form POSTs, so without
 * JavaScript the route's action sends it.
 */
import { useActionData } from "@remix-run/react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { type ContactMessage, ContactMessageSchema } from "#shared/api-contracts/subscription";
import { api } from "../lib/api";
import { errorMessage } from "../lib/api-error";

/** Spec §9: the contact confirmation shows for 2 s. */
export const CONTACT_CONFIRMATION_MS = 2_000;

const FIELDS: { name: Exclude<keyof ContactMessage, "message">; label: string; type?: string; autoComplete: string }[] = [
  { name: "name", label: "Namn", autoComplete: "name" },
  { name: "company", label: "Företag", autoComplete: "organization" },
  { name: "phone", label: "Telefon", type: "tel", autoComplete: "tel" },
  { name: "email", label: "E-post", type: "email", autoComplete: "email" },
];

/** What the route's action answered for a form submitted before hydration. */
type ServerAnswer = { sent: true } | { error: string } | undefined;

function readMessage(form: HTMLFormElement): ContactMessage {
  const data = new FormData(form);
  const value = (name: string) => {
    const entry = data.get(name);
    return typeof entry === "string" ? entry : "";
  };
  return ContactMessageSchema.parse({
    name: value("name"),
    company: value("company"),
    phone: value("phone"),
    email: value("email"),
    message: value("message"),
  });
}

export function ContactForm() {
  const answer = useActionData<ServerAnswer>();
  const formRef = useRef<HTMLFormElement>(null);
  const [status, setStatus] = useState<"idle" | "sending" | "sent">(answer && "sent" in answer ? "sent" : "idle");
  const [error, setError] = useState<string | null>(answer && "error" in answer ? answer.error : null);

  useEffect(() => {
    if (status !== "sent") return;
    const timer = setTimeout(() => {
      formRef.current?.reset();
      setStatus("idle");
    }, CONTACT_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [status]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setStatus("sending");
    setError(null);
    try {
      await api.call("/api/contact/message", { method: "POST", body: readMessage(event.currentTarget), responseType: "none" });
      setStatus("sent");
    } catch (caught) {
      setError(errorMessage(caught));
      setStatus("idle");
    }
  }

  return (
    <form ref={formRef} className="card form" method="post" onSubmit={onSubmit} aria-label="Kontaktformulär" noValidate>
      <div className="form-grid">
        {FIELDS.map((field) => (
          <div className="field" key={field.name}>
            <label htmlFor={`contact-${field.name}`}>{field.label}</label>
            <input id={`contact-${field.name}`} name={field.name} type={field.type ?? "text"} autoComplete={field.autoComplete} />
          </div>
        ))}
      </div>
      <div className="field">
        <label htmlFor="contact-message">Meddelande</label>
        <textarea id="contact-message" name="message" rows={6} />
      </div>
      <div className="button-row">
        <button className="button" type="submit" disabled={status === "sending"}>
          Skicka
        </button>
        <p className="form-success" role="status">
          {status === "sent" ? "Meddelande skickat!" : null}
        </p>
      </div>
      <p className="form-error" role="alert">
        {error}
      </p>
    </form>
  );
}
