/**
 * "Skapa en nyckel" on /api-nycklar (issue 47 point 1): a name, the scopes (at least one) and how long the key is
 * valid. The server validates the same request (CreateApiKeyRequestSchema); its message is shown under the form.
 */
import { useId, useState } from "react";
import type { ApiKeyScope, CreatedApiKey } from "#shared/api-contracts/api-keys";
import { API_KEY_LIFETIMES, MAX_API_KEY_NAME, MAX_API_KEYS } from "#shared/api-contracts/api-keys-values";
import { createApiKey } from "../../lib/api-keys/api-key-calls";
import { apiKeyErrorText, SCOPE_HINT, SCOPE_TEXT, SCOPES } from "./api-key-text";

const NEVER = "never";

export function NewApiKeyForm({ onCreated, full }: { onCreated: (created: CreatedApiKey) => void; full: boolean }) {
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<ApiKeyScope[]>(["search", "details"]);
  const [lifetime, setLifetime] = useState("90");
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const toggle = (scope: ApiKeyScope) => setScopes((now) => (now.includes(scope) ? now.filter((s) => s !== scope) : [...now, scope]));
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (scopes.length === 0) {
      setProblem("Välj minst en behörighet.");
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const expiresInDays = lifetime === NEVER ? null : (Number(lifetime) as (typeof API_KEY_LIFETIMES)[number]);
      onCreated(await createApiKey({ name, scopes, expiresInDays }));
      setName("");
    } catch (error) {
      setProblem(apiKeyErrorText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="api-key-form" aria-labelledby={`${id}-heading`} onSubmit={(event) => void submit(event)}>
      <h2 id={`${id}-heading`}>Skapa en nyckel</h2>
      <div className="api-key-form__fields">
        <div className="field">
          <label htmlFor={`${id}-name`}>Namn</label>
          <input
            id={`${id}-name`}
            name="name"
            value={name}
            maxLength={MAX_API_KEY_NAME}
            required
            autoComplete="off"
            aria-describedby={`${id}-name-hint`}
            onChange={(event) => setName(event.target.value)}
          />
          <span id={`${id}-name-hint`} className="api-key-form__hint">
            Till exempel systemet som ska använda nyckeln.
          </span>
        </div>
        <div className="field">
          <label htmlFor={`${id}-lifetime`}>Giltighetstid</label>
          <select id={`${id}-lifetime`} name="lifetime" value={lifetime} onChange={(event) => setLifetime(event.target.value)}>
            {API_KEY_LIFETIMES.map((days) => (
              <option key={days} value={String(days)}>{`${days} dagar`}</option>
            ))}
            <option value={NEVER}>Tills vidare</option>
          </select>
        </div>
      </div>
      <fieldset className="api-key-scopes">
        <legend>Behörigheter</legend>
        {SCOPES.map((scope) => (
          <label key={scope} className="api-key-scopes__option">
            <input type="checkbox" name="scope" value={scope} checked={scopes.includes(scope)} onChange={() => toggle(scope)} />
            <span>
              <span className="api-key-scopes__name">{SCOPE_TEXT[scope]}</span>
              <span className="api-key-form__hint">{SCOPE_HINT[scope]}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="button-row">
        <button type="submit" className="button" disabled={busy || full}>
          Skapa nyckel
        </button>
        {full ? <p className="muted api-key-form__full">{`Du har ${MAX_API_KEYS} nycklar. Återkalla en innan du skapar en ny.`}</p> : null}
      </div>
      {problem ? (
        <p className="form-error" role="alert">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
