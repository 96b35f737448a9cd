/**
 * /api-nycklar (issue 47 point 1): the user's API keys for /v1. A new key is shown once, above the form, with a copy
 * button and the advice to copy it now (the focus moves to it); the list shows each key's name, visible start,
 * scopes, when it was created and last used, its end date, and revokes it after asking. At most five live keys. The
 * API's description is linked (/v1/docs). Below 1025 px the list's rows show as cards (card-table in narrow.css).
 */
import "../../styles/api-keys.css";
import { useCallback, useEffect, useRef, useState } from "react";
import type { ApiKey, CreatedApiKey } from "#shared/api-contracts/api-keys";
import { MAX_API_KEYS } from "#shared/api-contracts/api-keys-values";
import { fetchApiKeys, revokeApiKey } from "../../lib/api-keys/api-key-calls";
import { shortDateTime } from "../../lib/exports/export-list-text";
import { ConfirmDelete } from "../confirm-delete";
import { apiKeyErrorText, isLive, scopesText, statusText } from "./api-key-text";
import { NewApiKeyForm } from "./new-api-key-form";

function CreatedKey({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState<string | null>(null);
  useEffect(() => heading.current?.focus(), [created]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.key);
      setCopied("Nyckeln är kopierad.");
    } catch {
      setCopied("Kunde inte kopiera. Markera nyckeln och kopiera den själv.");
    }
  };
  return (
    <section className="api-key-created" aria-labelledby="api-key-created-heading">
      <h2 id="api-key-created-heading" ref={heading} tabIndex={-1}>
        {`Din nya nyckel: ${created.apiKey.name}`}
      </h2>
      <p>Kopiera nyckeln nu och spara den på ett säkert ställe. Den visas bara den här gången.</p>
      <label htmlFor="api-key-value" className="api-key-created__label">
        API-nyckel
      </label>
      <div className="api-key-created__value">
        <textarea
          id="api-key-value"
          readOnly
          rows={1}
          value={created.key}
          spellCheck={false}
          autoCapitalize="off"
          onFocus={(event) => event.target.select()}
        />
        <button type="button" className="button" onClick={() => void copy()}>
          Kopiera
        </button>
      </div>
      <p className="api-key-created__note" role="status">
        {copied}
      </p>
      <button type="button" className="button button--secondary" onClick={onDone}>
        Jag har sparat nyckeln
      </button>
    </section>
  );
}

function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: () => void }) {
  const live = isLive(apiKey);
  return (
    <tr className={live ? undefined : "api-key-row--ended"}>
      <td data-label="Namn" className="api-key-row__name">
        {apiKey.name}
      </td>
      <td data-label="Nyckel">
        <code>{`${apiKey.displayPrefix}_…`}</code>
      </td>
      <td data-label="Behörigheter">{scopesText(apiKey)}</td>
      <td data-label="Skapad">{shortDateTime(apiKey.createdAt)}</td>
      <td data-label="Senast använd">{apiKey.lastUsedAt ? shortDateTime(apiKey.lastUsedAt) : "Aldrig"}</td>
      <td data-label="Status">{statusText(apiKey)}</td>
      <td className="api-key-row__action">
        {live ? (
          <ConfirmDelete
            question={`Återkalla ${apiKey.name}? Program som använder nyckeln slutar fungera direkt.`}
            confirmText="Ja, återkalla"
            triggerClassName="button button--secondary"
            triggerLabel={`Återkalla ${apiKey.name}`}
            onConfirm={onRevoke}
          >
            Återkalla
          </ConfirmDelete>
        ) : null}
      </td>
    </tr>
  );
}

function KeyTable({ keys, onRevoke }: { keys: ApiKey[]; onRevoke: (key: ApiKey) => void }) {
  if (keys.length === 0) return <p className="muted">Du har inga API-nycklar ännu.</p>;
  return (
    <table className="api-key-table card-table">
      <caption className="visually-hidden">Dina API-nycklar, den senaste först</caption>
      <thead>
        <tr>
          <th scope="col">Namn</th>
          <th scope="col">Nyckel</th>
          <th scope="col">Behörigheter</th>
          <th scope="col">Skapad</th>
          <th scope="col">Senast använd</th>
          <th scope="col">Status</th>
          <th scope="col">
            <span className="visually-hidden">Åtgärd</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {keys.map((key) => (
          <KeyRow key={key.keyId} apiKey={key} onRevoke={() => onRevoke(key)} />
        ))}
      </tbody>
    </table>
  );
}

export function ApiKeysScreen() {
  const [keys, setKeys] = useState<ApiKey[] | null>(null);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const reload = useCallback(async () => {
    try {
      setKeys((await fetchApiKeys()).keys);
    } catch (error) {
      setProblem(apiKeyErrorText(error));
    }
  }, []);
  useEffect(() => void reload(), [reload]);
  const revoke = async (key: ApiKey) => {
    setProblem(null);
    try {
      await revokeApiKey(key.keyId);
      if (created?.apiKey.keyId === key.keyId) setCreated(null);
      await reload();
      // The revoked key's button is gone: the focus goes to the list rather than to the page's start.
      listHeading.current?.focus();
    } catch (error) {
      setProblem(apiKeyErrorText(error));
    }
  };
  const live = keys?.filter((key) => isLive(key)).length ?? 0;
  return (
    <>
      <p className="api-keys-intro">
        {`Med en API-nyckel kan dina egna system, till exempel ett CRM, hämta data från Urval. Anropen räknas mot ditt abonnemang med samma exportkvot och gränser som på webbplatsen. Du kan ha högst ${MAX_API_KEYS} nycklar. `}
        <a href="/v1/docs">Läs beskrivningen av API:et</a>.
      </p>
      {created ? <CreatedKey created={created} onDone={() => setCreated(null)} /> : null}
      <NewApiKeyForm
        full={live >= MAX_API_KEYS}
        onCreated={(next) => {
          setCreated(next);
          void reload();
        }}
      />
      <section className="api-key-list" aria-labelledby="api-key-list-heading">
        <h2 id="api-key-list-heading" ref={listHeading} tabIndex={-1}>
          Dina nycklar
        </h2>
        {keys === null ? (
          problem ? null : (
            <p className="muted">Hämtar nycklar…</p>
          )
        ) : (
          <KeyTable keys={keys} onRevoke={(key) => void revoke(key)} />
        )}
        {problem ? (
          <p className="form-error" role="alert">
            {problem}
          </p>
        ) : null}
      </section>
    </>
  );
}
