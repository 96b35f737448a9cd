/**
 * The two steps of the sign-in screen (spec §2): choose a method and identify, then confirm a one-time code.
 * Inputs are uncontrolled and read when the form is submitted, so text typed before hydration is never lost; the
 * forms POST, so without JavaScript the route's action signs in (and nothing typed reaches the address).
 */
import type { FormEvent } from "react";

export const SIGN_IN_METHODS = [
  { id: "PASSWORD", label: "Lösenord" },
  { id: "EMAIL", label: "E-post" },
  { id: "SMS", label: "SMS" },
] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number]["id"];

const ERROR_ID = "sign-in-error";

function FormError({ message }: { message: string | null }) {
  return (
    <p id={ERROR_ID} className="form-error" role="alert">
      {message}
    </p>
  );
}

function readField(event: FormEvent<HTMLFormElement>, name: string): string {
  event.preventDefault();
  const value = new FormData(event.currentTarget).get(name);
  return typeof value === "string" ? value : "";
}

interface MethodFormProps {
  method: SignInMethod;
  onMethod: (method: SignInMethod) => void;
  onSubmit: (identity: string, secret: string) => void;
  pending: boolean;
  error: string | null;
}

export function SignInMethodForm({ method, onMethod, onSubmit, pending, error }: MethodFormProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => onSubmit(readField(event, "id"), readField(event, "secret"));
  return (
    <form className="card form" method="post" onSubmit={submit} aria-label="Logga in" noValidate>
      <input type="hidden" name="intent" value="password" />
      <div className="segmented" role="group" aria-label="Inloggningsmetod">
        {SIGN_IN_METHODS.map((m) => (
          <button key={m.id} type="button" aria-pressed={method === m.id} onClick={() => onMethod(m.id)}>
            {m.label}
          </button>
        ))}
      </div>
      <div className="field">
        <label htmlFor="identity">E-post / Personnr / Användarnamn</label>
        <input
          id="identity"
          name="id"
          autoComplete="username"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? ERROR_ID : undefined}
          autoFocus
        />
      </div>
      {method === "PASSWORD" && (
        <div className="field">
          <label htmlFor="secret">Lösenord</label>
          <input id="secret" name="secret" type="password" autoComplete="current-password" />
        </div>
      )}
      <button className="button button--block" type="submit" disabled={pending}>
        Logga in
      </button>
      <FormError message={error} />
    </form>
  );
}

interface CodeFormProps {
  codeId: string;
  obfuscatedIdentity: string | undefined;
  onSubmit: (code: string) => void;
  onAbort: () => void;
  pending: boolean;
  error: string | null;
}

export function SignInCodeForm({ codeId, obfuscatedIdentity, onSubmit, onAbort, pending, error }: CodeFormProps) {
  return (
    <form
      className="card form"
      method="post"
      onSubmit={(event) => onSubmit(readField(event, "code"))}
      aria-label="Bekräfta engångskod"
      noValidate
    >
      <input type="hidden" name="intent" value="confirm" />
      <input type="hidden" name="codeId" value={codeId} />
      <p className="code-sent">
        En engångskod har skickats till {obfuscatedIdentity ? <strong>{obfuscatedIdentity}</strong> : "din e-post eller telefon"}
      </p>
      <div className="field">
        <label htmlFor="code">Ange engångskod</label>
        <input
          id="code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          aria-describedby={error ? ERROR_ID : undefined}
          autoFocus
        />
      </div>
      <div className="button-row">
        <button className="button" type="submit" disabled={pending}>
          Bekräfta
        </button>
        <button className="button button--secondary" type="button" onClick={onAbort}>
          Avbryt inloggning
        </button>
      </div>
      <FormError message={error} />
    </form>
  );
}
