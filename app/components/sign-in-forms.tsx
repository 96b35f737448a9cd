/** The two steps of the sign-in screen (spec §2): choose a method and identify, then confirm a one-time code. */
import type { FormEvent } from "react";

export const SIGN_IN_METHODS = [
  { id: "PASSWORD", label: "Lösenord" },
  { id: "EMAIL", label: "E-post" },
  { id: "SMS", label: "SMS" },
] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number]["id"];

function FormError({ message }: { message: string | null }) {
  return (
    <p id="sign-in-error" className="form-error" role="alert">
      {message}
    </p>
  );
}

interface MethodFormProps {
  method: SignInMethod;
  onMethod: (method: SignInMethod) => void;
  identity: string;
  onIdentity: (value: string) => void;
  secret: string;
  onSecret: (value: string) => void;
  onSubmit: () => void;
  pending: boolean;
  error: string | null;
}

export function SignInMethodForm(props: MethodFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  const described = props.error ? "sign-in-error" : undefined;
  return (
    <form className="card form" method="post" onSubmit={submit} aria-label="Logga in" noValidate>
      <input type="hidden" name="intent" value="password" />
      <div className="segmented" role="group" aria-label="Inloggningsmetod">
        {SIGN_IN_METHODS.map((m) => (
          <button key={m.id} type="button" aria-pressed={props.method === m.id} onClick={() => props.onMethod(m.id)}>
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
          value={props.identity}
          onChange={(e) => props.onIdentity(e.target.value)}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={described}
          autoFocus
        />
      </div>
      {props.method === "PASSWORD" && (
        <div className="field">
          <label htmlFor="secret">Lösenord</label>
          <input
            id="secret"
            name="secret"
            type="password"
            autoComplete="current-password"
            value={props.secret}
            onChange={(e) => props.onSecret(e.target.value)}
          />
        </div>
      )}
      <button className="button button--block" type="submit" disabled={props.pending}>
        Logga in
      </button>
      <FormError message={props.error} />
    </form>
  );
}

interface CodeFormProps {
  codeId: string;
  obfuscatedIdentity: string | undefined;
  code: string;
  onCode: (value: string) => void;
  onSubmit: () => void;
  onAbort: () => void;
  pending: boolean;
  error: string | null;
}

export function SignInCodeForm(props: CodeFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  return (
    <form className="card form" method="post" onSubmit={submit} aria-label="Bekräfta engångskod" noValidate>
      <input type="hidden" name="intent" value="confirm" />
      <input type="hidden" name="codeId" value={props.codeId} />
      <p className="code-sent">
        En engångskod har skickats till{" "}
        {props.obfuscatedIdentity ? <strong>{props.obfuscatedIdentity}</strong> : "din e-post eller telefon"}
      </p>
      <div className="field">
        <label htmlFor="code">Ange engångskod</label>
        <input
          id="code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={props.code}
          onChange={(e) => props.onCode(e.target.value)}
          aria-describedby={props.error ? "sign-in-error" : undefined}
          autoFocus
        />
      </div>
      <div className="button-row">
        <button className="button" type="submit" disabled={props.pending}>
          Bekräfta
        </button>
        <button className="button button--secondary" type="button" onClick={props.onAbort}>
          Avbryt inloggning
        </button>
      </div>
      <FormError message={props.error} />
    </form>
  );
}
