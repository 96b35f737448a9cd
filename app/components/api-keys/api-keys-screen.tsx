/**
 * /api-nycklar (issue 47 point 1): the user's API keys for /v1. A new key is shown once, above the list, with the
 * advice to copy it now; the list shows each key's name, visible start, scopes, when it was created and last used, its
 * end date, and revokes it. At most five live keys. The API's description is linked (/v1/docs).
 */
import { useCallback, useEffect, useState } from "react";
import { API_KEY_LIFETIMES, type ApiKey, type ApiKeyScope, MAX_API_KEYS, type CreatedApiKey } from "#shared/api-contracts/api-keys";
import { ApiError } from "../../lib/api-error";
import { createApiKey, fetchApiKeys, revokeApiKey } from "../../lib/api-keys/api-key-calls";
import { shortDateTime } from "../../lib/exports/export-list-text";

const SCOPE_TEXT: Record<ApiKeyScope, string> = { search: "Sökning", details: "Företag och arbetsställen", export: "Export" };
const SCOPES = Object.keys(SCOPE_TEXT) as ApiKeyScope[];

const errorText = (error: unknown) => (error instanceof ApiError ? error.message : "Något gick fel. Prova gärna igen.");

function isLive(key: ApiKey) {
  return key.revokedAt === null && (key.expiresAt === null || Date.parse(key.expiresAt) > Date.now());
}

function statusText(key: ApiKey) {
  if (key.revokedAt) return `Återkallad ${shortDateTime(key.revokedAt)}`;
  if (key.expiresAt && Date.parse(key.expiresAt) <= Date.now()) return "Har gått ut";
  return key.expiresAt ? `Gäller till ${shortDateTime(key.expiresAt)}` : "Gäller tills vidare";
}

function NewKeyForm({ onCreated, disabled }: { onCreated: (created: CreatedApiKey) => void; disabled: boolean }) {
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<ApiKeyScope[]>(["search", "details"]);
  const [lifetime, setLifetime] = useState("90");
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const toggle = (scope: ApiKeyScope) => setScopes((now) => (now.includes(scope) ? now.filter((s) => s !== scope) : [...now, scope]));
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      const expiresInDays = lifetime === "never" ? null : (Number(lifetime) as (typeof API_KEY_LIFETIMES)[number]);
      onCreated(await createApiKey({ name, scopes, expiresInDays }));
      setName("");
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="api-key-form" onSubmit={(event) => void submit(event)}>
      <h2>Skapa en nyckel</h2>
      <label>
        Namn
        <input name="name" value={name} maxLength={60} required onChange={(event) => setName(event.target.value)} />
      </label>
      <fieldset>
        <legend>Behörigheter</legend>
        {SCOPES.map((scope) => (
          <label key={scope}>
            <input type="checkbox" name="scope" value={scope} checked={scopes.includes(scope)} onChange={() => toggle(scope)} />
            {SCOPE_TEXT[scope]}
          </label>
        ))}
      </fieldset>
      <label>
        Giltighetstid
        <select name="lifetime" value={lifetime} onChange={(event) => setLifetime(event.target.value)}>
          {API_KEY_LIFETIMES.map((days) => (
            <option key={days} value={String(days)}>{`${days} dagar`}</option>
          ))}
          <option value="never">Tills vidare</option>
        </select>
      </label>
      {problem ? (
        <p className="form-error" role="alert">
          {problem}
        </p>
      ) : null}
      <button type="submit" className="button" disabled={busy || disabled}>
        Skapa nyckel
      </button>
      {disabled ? <p className="muted">{`Du har ${MAX_API_KEYS} nycklar. Återkalla en nyckel innan du skapar en ny.`}</p> : null}
    </form>
  );
}

export function ApiKeysScreen() {
  const [keys, setKeys] = useState<ApiKey[] | null>(null);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const reload = useCallback(async () => {
    try {
      setKeys((await fetchApiKeys()).keys);
    } catch (error) {
      setProblem(errorText(error));
    }
  }, []);
  useEffect(() => void reload(), [reload]);
  const revoke = async (key: ApiKey) => {
    if (!window.confirm(`Återkalla nyckeln ”${key.name}”? Program som använder den slutar fungera direkt.`)) return;
    try {
      await revokeApiKey(key.keyId);
      await reload();
    } catch (error) {
      setProblem(errorText(error));
    }
  };
  const live = keys?.filter(isLive).length ?? 0;
  return (
    <>
      <p>
        Med en API-nyckel kan era egna system hämta data från Urval. Anropen delar ditt abonnemangs exportkvot och gränser. Läs{" "}
        <a href="/v1/docs">beskrivningen av API:et</a>.
      </p>
      {created ? (
        <section className="api-key-created" aria-labelledby="api-key-created-heading">
          <h2 id="api-key-created-heading">Din nya nyckel</h2>
          <p>Kopiera nyckeln nu. Den visas bara den här gången.</p>
          <input
            className="api-key-value"
            readOnly
            value={created.key}
            aria-label="API-nyckel"
            onFocus={(event) => event.target.select()}
          />
        </section>
      ) : null}
      {problem ? (
        <p className="form-error" role="alert">
          {problem}
        </p>
      ) : null}
      <NewKeyForm
        disabled={live >= MAX_API_KEYS}
        onCreated={(next) => {
          setCreated(next);
          void reload();
        }}
      />
      <h2>Dina nycklar</h2>
      {keys === null ? (
        <p className="muted">Hämtar nycklar …</p>
      ) : keys.length === 0 ? (
        <p className="muted">Du har inga API-nycklar.</p>
      ) : (
        <table className="api-key-table card-table">
          <thead>
            <tr>
              <th>Namn</th>
              <th>Nyckel</th>
              <th>Behörigheter</th>
              <th>Skapad</th>
              <th>Senast använd</th>
              <th>Status</th>
              <th>
                <span className="visually-hidden">Åtgärd</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {keys.map((key) => (
              <tr key={key.keyId}>
                <td data-label="Namn">{key.name}</td>
                <td data-label="Nyckel">
                  <code>{`${key.displayPrefix}_…`}</code>
                </td>
                <td data-label="Behörigheter">{key.scopes.map((scope) => SCOPE_TEXT[scope]).join(", ")}</td>
                <td data-label="Skapad">{shortDateTime(key.createdAt)}</td>
                <td data-label="Senast använd">{key.lastUsedAt ? shortDateTime(key.lastUsedAt) : "Aldrig"}</td>
                <td data-label="Status">{statusText(key)}</td>
                <td>
                  {isLive(key) ? (
                    <button
                      type="button"
                      className="button button--secondary"
                      onClick={() => void revoke(key)}
                      aria-label={`Återkalla ${key.name}`}
                    >
                      Återkalla
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
