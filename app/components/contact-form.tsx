/**
 * The contact form: after sending, 'Meddelande skickat!' for 2 s, then the form is cleared (spec §4). The browser
 * checks it with the API's own schema and shows the messages at their fields, as it does the server's (issue 25).
 * Uncontrolled inputs read at submit, so text typed before hydration is kept; the form POSTs, so without JavaScript
 * the route's action sends it and answers the same field messages.
 */
import { useActionData } from "@remix-run/react";
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { CONTACT_FIELDS, type ContactField, ContactMessageSchema } from "#shared/api-contracts/subscription";
import { api } from "../lib/api";
import { errorMessage } from "../lib/api-error";
import { type FieldErrors, fieldErrorsOfApi, fieldErrorsOfZod, type FormAnswer } from "../lib/field-errors";

/** Spec §9: the contact confirmation shows for 2 s. */
export const CONTACT_CONFIRMATION_MS = 2_000;

const INPUTS: { name: Exclude<ContactField, "message">; label: string; type?: string; autoComplete: string }[] = [
  { name: "name", label: "Namn", autoComplete: "name" },
  { name: "company", label: "Företag", autoComplete: "organization" },
  { name: "phone", label: "Telefon", type: "tel", autoComplete: "tel" },
  { name: "email", label: "E-post", type: "email", autoComplete: "email" },
];

function readForm(form: HTMLFormElement): Record<ContactField, string> {
  const data = new FormData(form);
  const value = (name: string) => {
    const entry = data.get(name);
    return typeof entry === "string" ? entry : "";
  };
  return { name: value("name"), company: value("company"), phone: value("phone"), email: value("email"), message: value("message") };
}

type ErrorAttributes = { "aria-invalid": true | undefined; "aria-describedby": string | undefined };

/** A labelled control with its field message below it; the control is tied to the message while there is one. */
function Field(props: {
  errors: FieldErrors<ContactField>;
  name: ContactField;
  label: string;
  control: (attrs: ErrorAttributes) => ReactNode;
}) {
  const message = props.errors[props.name];
  const errorId = `contact-${props.name}-error`;
  return (
    <div className="field">
      <label htmlFor={`contact-${props.name}`}>{props.label}</label>
      {props.control({ "aria-invalid": message ? true : undefined, "aria-describedby": message ? errorId : undefined })}
      {message ? (
        <p id={errorId} className="field__error">
          {message}
        </p>
      ) : null}
    </div>
  );
}

export function ContactForm() {
  const answer = useActionData<FormAnswer<ContactField>>();
  const formRef = useRef<HTMLFormElement>(null);
  const [status, setStatus] = useState<"idle" | "sending" | "sent">(answer && "sent" in answer ? "sent" : "idle");
  const [error, setError] = useState<string | null>(answer && "error" in answer ? (answer.error ?? null) : null);
  const typed = answer && "values" in answer ? answer.values : undefined;
  const [fields, setFields] = useState<FieldErrors<ContactField>>(answer && "fields" in answer ? (answer.fields ?? {}) : {});

  useEffect(() => {
    if (status !== "sent") return;
    const timer = setTimeout(() => {
      formRef.current?.reset();
      setStatus("idle");
    }, CONTACT_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [status]);

  const showFields = (errors: FieldErrors<ContactField>) => {
    setFields(errors);
    const first = CONTACT_FIELDS.find((name) => errors[name]);
    if (first) formRef.current?.querySelector<HTMLElement>(`#contact-${first}`)?.focus();
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const parsed = ContactMessageSchema.safeParse(readForm(event.currentTarget));
    if (!parsed.success) return showFields(fieldErrorsOfZod(parsed.error, CONTACT_FIELDS));
    setFields({});
    setStatus("sending");
    try {
      await api.call("/api/contact/message", { method: "POST", body: parsed.data, responseType: "none" });
      setStatus("sent");
    } catch (caught) {
      const serverFields = fieldErrorsOfApi(caught, CONTACT_FIELDS);
      if (serverFields) showFields(serverFields);
      else setError(errorMessage(caught));
      setStatus("idle");
    }
  }

  return (
    <form ref={formRef} className="card form" method="post" onSubmit={onSubmit} aria-label="Kontaktformulär" noValidate>
      <div className="form-grid">
        {INPUTS.map((input) => (
          <Field
            key={input.name}
            errors={fields}
            name={input.name}
            label={input.label}
            control={(attrs) => (
              <input
                id={`contact-${input.name}`}
                name={input.name}
                type={input.type ?? "text"}
                autoComplete={input.autoComplete}
                defaultValue={typed?.[input.name]}
                {...attrs}
              />
            )}
          />
        ))}
      </div>
      <Field
        errors={fields}
        name="message"
        label="Meddelande"
        control={(attrs) => <textarea id="contact-message" name="message" rows={6} defaultValue={typed?.message} {...attrs} />}
      />
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
