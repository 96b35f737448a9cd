/** The contact form: no client validation (spec §5); after sending, 'Meddelande skickat!' for 2 s, then cleared (§4). */
import { useActionData } from "@remix-run/react";
import { type FormEvent, useEffect, useState } from "react";
import type { ContactMessage } from "../../workers/shared/api-contracts/subscription";
import { api } from "../lib/api";
import { errorMessage } from "../lib/api-error";

/** Spec §9: the contact confirmation shows for 2 s. */
export const CONTACT_CONFIRMATION_MS = 2_000;

const EMPTY: ContactMessage = { name: "", company: "", phone: "", email: "", message: "" };

const FIELDS: { name: keyof ContactMessage; label: string; type?: string; autoComplete: string }[] = [
  { name: "name", label: "Namn", autoComplete: "name" },
  { name: "company", label: "Företag", autoComplete: "organization" },
  { name: "phone", label: "Telefon", type: "tel", autoComplete: "tel" },
  { name: "email", label: "E-post", type: "email", autoComplete: "email" },
];

/** What the route's action answered for a form submitted before hydration. */
type ServerAnswer = { sent: true } | { error: string } | undefined;

export function ContactForm() {
  const answer = useActionData<ServerAnswer>();
  const [values, setValues] = useState<ContactMessage>(EMPTY);
  const [status, setStatus] = useState<"idle" | "sending" | "sent">(answer && "sent" in answer ? "sent" : "idle");
  const [error, setError] = useState<string | null>(answer && "error" in answer ? answer.error : null);

  useEffect(() => {
    if (status !== "sent") return;
    const timer = setTimeout(() => {
      setValues(EMPTY);
      setStatus("idle");
    }, CONTACT_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [status]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setStatus("sending");
    setError(null);
    try {
      await api.call("/api/contact/message", { method: "POST", body: values, responseType: "none" });
      setStatus("sent");
    } catch (caught) {
      setError(errorMessage(caught));
      setStatus("idle");
    }
  }

  const set = (name: keyof ContactMessage) => (event: { target: { value: string } }) =>
    setValues({ ...values, [name]: event.target.value });
  return (
    <form className="card form" method="post" onSubmit={onSubmit} aria-label="Kontaktformulär" noValidate>
      <div className="form-grid">
        {FIELDS.map((field) => (
          <div className="field" key={field.name}>
            <label htmlFor={`contact-${field.name}`}>{field.label}</label>
            <input
              id={`contact-${field.name}`}
              name={field.name}
              type={field.type ?? "text"}
              autoComplete={field.autoComplete}
              value={values[field.name]}
              onChange={set(field.name)}
            />
          </div>
        ))}
      </div>
      <div className="field">
        <label htmlFor="contact-message">Meddelande</label>
        <textarea id="contact-message" name="message" rows={6} value={values.message} onChange={set("message")} />
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
