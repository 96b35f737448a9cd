/**
 * Webhooks on /bevakningar (issue 47 point 4): the user's HTTPS endpoints for all saved searches or one, the signing
 * secret shown once (when made and when rotated), a test event, and each endpoint's delivery log with replays.
 */
import { useCallback, useEffect, useState } from "react";
import type { SavedSearch } from "#shared/api-contracts/monitoring";
import type { Webhook, WebhookDelivery } from "#shared/api-contracts/webhooks";
import { ApiError, errorMessage } from "../../lib/api-error";
import {
  createWebhook,
  deleteWebhook,
  fetchDeliveries,
  fetchWebhooks,
  replayDelivery,
  rotateWebhookSecret,
  sendTestEvent,
} from "../../lib/monitoring/webhook-calls";
import { ConfirmDelete } from "../confirm-delete";

/** A refused address's reason at the field (VALIDATION), or the spec's message for other errors. */
function fieldMessage(error: unknown): string {
  if (error instanceof ApiError && error.body?.type === "VALIDATION" && error.body.issues?.[0]) return error.body.issues[0].message;
  return errorMessage(error);
}

const STATE_TEXT: Record<WebhookDelivery["state"], string> = {
  PENDING: "Väntar",
  DELIVERED: "Levererad",
  FAILED: "Misslyckades",
};

const TYPE_TEXT: Record<WebhookDelivery["type"], string> = {
  "bevakning.changes": "Ändringar",
  "bevakning.test": "Testhändelse",
};

const when = (iso: string) => new Date(iso).toLocaleString("sv-SE", { dateStyle: "short", timeStyle: "medium" });

function SecretNote({ secret, onClose }: { secret: string; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="webhook-secret" role="status">
      <p>Signeringshemligheten visas bara nu. Spara den i ert system: den behövs för att kontrollera signaturen i varje anrop.</p>
      <code>{secret}</code>
      <span className="monitoring-actions">
        <button
          type="button"
          className="button button--small button--secondary"
          onClick={() => void navigator.clipboard.writeText(secret).then(() => setCopied(true))}
        >
          {copied ? "Kopierad!" : "Kopiera"}
        </button>
        <button type="button" className="button button--small button--secondary" onClick={onClose}>
          Klar
        </button>
      </span>
    </div>
  );
}

function DeliveryLog({ webhook }: { webhook: Webhook }) {
  const [deliveries, setDeliveries] = useState<WebhookDelivery[] | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const load = useCallback(() => {
    fetchDeliveries(webhook.id).then(
      (answer) => setDeliveries(answer.deliveries),
      (error: unknown) => setNote(errorMessage(error)),
    );
  }, [webhook.id]);
  useEffect(load, [load]);
  const replay = async (eventId: string) => {
    try {
      await replayDelivery(webhook.id, eventId);
      setNote("Händelsen skickas igen.");
      load();
    } catch (error) {
      setNote(errorMessage(error));
    }
  };
  if (deliveries === null) return <p className="muted">{note ?? "Hämtar leveranser…"}</p>;
  return (
    <div className="webhook-log">
      <span className="monitoring-actions">
        <button type="button" className="link-button" onClick={load}>
          Uppdatera
        </button>
        {note ? <span className="muted">{note}</span> : null}
      </span>
      {deliveries.length === 0 ? (
        <p className="muted">Inga leveranser ännu.</p>
      ) : (
        <div className="table-scroll">
          <table className="monitoring-table">
            <caption className="visually-hidden">Leveranser till {webhook.url}</caption>
            <thead>
              <tr>
                <th scope="col">Tid</th>
                <th scope="col">Händelse</th>
                <th scope="col">Status</th>
                <th scope="col" className="number">
                  Försök
                </th>
                <th scope="col">Senaste svar</th>
                <th scope="col">
                  <span className="visually-hidden">Åtgärder</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {deliveries.map((d) => (
                <tr key={d.id}>
                  <td>{when(d.createdAt)}</td>
                  <td>
                    {TYPE_TEXT[d.type]}
                    <br />
                    <code className="muted">{d.id}</code>
                  </td>
                  <td>{STATE_TEXT[d.state]}</td>
                  <td className="number">{d.attempts}</td>
                  <td>{d.lastStatus === null ? (d.attempts > 0 ? "Inget svar" : "–") : `HTTP ${d.lastStatus}`}</td>
                  <td>
                    {d.state === "PENDING" ? null : (
                      <button type="button" className="link-button" onClick={() => void replay(d.id)}>
                        Skicka igen
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function WebhookItem({ webhook, onChanged }: { webhook: Webhook; onChanged: (next: Webhook | null, secret?: string) => void }) {
  const [showLog, setShowLog] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const act = async (action: () => Promise<void>) => {
    try {
      await action();
    } catch (error) {
      setNote(errorMessage(error));
    }
  };
  return (
    <li className="webhook-item">
      <div className="webhook-item__head">
        <code className="webhook-item__url">{webhook.url}</code>
        <span className="muted">
          {webhook.savedSearchId === null ? "Alla bevakningar" : `Bevakningen ${webhook.savedSearchName ?? ""}`} · tillagd{" "}
          {when(webhook.createdAt)}
          {webhook.previousSecretUntil ? ` · den förra hemligheten gäller till ${when(webhook.previousSecretUntil)}` : ""}
        </span>
      </div>
      <span className="monitoring-actions">
        <button
          type="button"
          className="button button--small button--secondary"
          onClick={() =>
            void act(async () => {
              await sendTestEvent(webhook.id);
              setNote("Testhändelsen skickas.");
              setShowLog(true);
            })
          }
        >
          Skicka testhändelse
        </button>
        <button
          type="button"
          className="button button--small button--secondary"
          aria-expanded={showLog}
          onClick={() => setShowLog(!showLog)}
        >
          {showLog ? "Dölj leveranser" : "Visa leveranser"}
        </button>
        <button
          type="button"
          className="button button--small button--secondary"
          onClick={() =>
            void act(async () => {
              const rotated = await rotateWebhookSecret(webhook.id);
              onChanged(rotated.webhook, rotated.secret);
            })
          }
        >
          Byt hemlighet
        </button>
        <ConfirmDelete
          question={`Ta bort webhooken till ${webhook.url}?`}
          triggerClassName="button button--small button--secondary"
          onConfirm={() =>
            void act(async () => {
              await deleteWebhook(webhook.id);
              onChanged(null);
            })
          }
        >
          Ta bort
        </ConfirmDelete>
        {note ? <span className="muted">{note}</span> : null}
      </span>
      {showLog ? <DeliveryLog key={note ?? ""} webhook={webhook} /> : null}
    </li>
  );
}

export function WebhookSettings({ searches }: { searches: SavedSearch[] }) {
  const [webhooks, setWebhooks] = useState<Webhook[] | null>(null);
  const [max, setMax] = useState(5);
  const [secret, setSecret] = useState<string | null>(null);
  const [url, setUrl] = useState("");
  const [scope, setScope] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  useEffect(() => {
    fetchWebhooks().then(
      (answer) => {
        setWebhooks(answer.webhooks);
        setMax(answer.max);
      },
      (failure: unknown) => setLoadError(errorMessage(failure)),
    );
  }, []);
  const onChanged = (id: string) => (next: Webhook | null, newSecret?: string) => {
    setWebhooks((list) => (list ?? []).flatMap((w) => (w.id !== id ? [w] : next ? [next] : [])));
    if (newSecret) setSecret(newSecret);
  };
  const add = async () => {
    setError(null);
    try {
      const made = await createWebhook(url.trim(), scope === "" ? null : scope);
      setWebhooks((list) => [...(list ?? []), made.webhook]);
      setSecret(made.secret);
      setUrl("");
    } catch (failure) {
      setError(fieldMessage(failure));
    }
  };
  if (loadError) return <p className="form-error">{loadError}</p>;
  if (webhooks === null) return <p className="muted">Hämtar webhooks…</p>;
  return (
    <>
      <p className="muted">
        Efter varje uppdatering av registret skickas ändringarna som JSON till ert eget system, till exempel ett CRM. Varje anrop är
        signerat enligt Standard Webhooks (webhook-id, webhook-timestamp och webhook-signature).
      </p>
      {secret ? <SecretNote secret={secret} onClose={() => setSecret(null)} /> : null}
      {webhooks.length > 0 ? (
        <ul className="webhook-list">
          {webhooks.map((webhook) => (
            <WebhookItem key={webhook.id} webhook={webhook} onChanged={onChanged(webhook.id)} />
          ))}
        </ul>
      ) : null}
      {webhooks.length < max ? (
        <form
          className="webhook-form"
          onSubmit={(event) => {
            event.preventDefault();
            void add();
          }}
        >
          <label className="field">
            <span>Adress (https)</span>
            <input
              type="url"
              required
              inputMode="url"
              placeholder="https://crm.example.se/urval"
              value={url}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "webhook-url-error" : undefined}
              onChange={(e) => setUrl(e.target.value)}
            />
            {error ? (
              <span className="form-error" id="webhook-url-error">
                {error}
              </span>
            ) : null}
          </label>
          <label className="field">
            <span>Gäller</span>
            <select value={scope} onChange={(e) => setScope(e.target.value)}>
              <option value="">Alla bevakningar</option>
              {searches.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="button">
            Lägg till webhook
          </button>
        </form>
      ) : (
        <p className="muted">Du har {max} webhooks, det högsta antalet. Ta bort en för att lägga till en ny.</p>
      )}
    </>
  );
}
