import type { MetaFunction } from "@remix-run/cloudflare";
import { useState } from "react";

export const meta: MetaFunction = () => [{ title: "Logga in – Urval" }];

const METHODS = [
  { id: "PASSWORD", label: "Lösenord" },
  { id: "EMAIL", label: "E-post" },
  { id: "SMS", label: "SMS" },
] as const;

type Method = (typeof METHODS)[number]["id"];

export default function SignIn() {
  const [method, setMethod] = useState<Method>("PASSWORD");
  return (
    <main className="page page--narrow">
      <h1>Logga in</h1>
      <form className="card" method="post" aria-label="Logga in">
        <div className="tabs" role="group" aria-label="Inloggningsmetod">
          {METHODS.map((m) => (
            <button key={m.id} type="button" aria-pressed={method === m.id} onClick={() => setMethod(m.id)}>
              {m.label}
            </button>
          ))}
        </div>
        <div className="field">
          <label htmlFor="identity">E-post / Personnr / Användarnamn</label>
          <input id="identity" name="id" autoComplete="username" />
        </div>
        {method === "PASSWORD" && (
          <div className="field">
            <label htmlFor="secret">Lösenord</label>
            <input id="secret" name="secret" type="password" autoComplete="current-password" />
          </div>
        )}
        <button className="button" type="submit">
          Logga in
        </button>
      </form>
    </main>
  );
}
