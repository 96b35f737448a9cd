/**
 * /bevakningar (issue 16): saved searches with hit counts now and at the last check and the companies new and gone
 * since the last visit; watched companies with their latest changes; the digest setting. Loading the page counts as a
 * visit: the alerts are marked read after they are shown (the header badge clears).
 */
import "../../styles/monitoring.css";
import { useCallback, useEffect, useState } from "react";
import type { Digest, MonitoringOverview, SavedSearch } from "#shared/api-contracts/monitoring";
import { errorMessage } from "../../lib/api-error";
import { fetchOverview, markAllRead, storeDigest } from "../../lib/monitoring/monitoring-calls";
import { clearUnread } from "../../lib/monitoring/monitoring-store";
import { SavedSearchRow } from "./saved-search-row";
import { WatchedCompanyList } from "./watched-company-list";
import { WebhookSettings } from "./webhook-settings";

type Loaded = { status: "loading" } | { status: "error"; message: string } | { status: "ready"; overview: MonitoringOverview };

const DIGEST_OPTIONS: [Digest, string][] = [
  ["DAILY", "Dagligt sammandrag"],
  ["WEEKLY", "Veckovis sammandrag"],
  ["NONE", "Inget e-post"],
];

function SavedSearchTable({ searches, onChanged }: { searches: SavedSearch[]; onChanged: (id: string, next: SavedSearch | null) => void }) {
  if (searches.length === 0) {
    return <p className="muted">Du har inga sparade bevakningar. Gör en sökning och välj Spara bevakning.</p>;
  }
  return (
    <table className="monitoring-table card-table">
      <thead>
        <tr>
          <th scope="col">Namn</th>
          <th scope="col" className="number">
            Träffar nu
          </th>
          <th scope="col" className="number">
            Vid förra kontrollen
          </th>
          <th scope="col" className="number">
            Nya
          </th>
          <th scope="col" className="number">
            Borttagna
          </th>
          <th scope="col">
            <span className="visually-hidden">Åtgärder</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {searches.map((saved) => (
          <SavedSearchRow key={saved.id} saved={saved} onChanged={(next) => onChanged(saved.id, next)} />
        ))}
      </tbody>
    </table>
  );
}

function DigestSetting({ value }: { value: Digest }) {
  const [digest, setDigest] = useState(value);
  const [note, setNote] = useState<string | null>(null);
  const change = async (next: Digest) => {
    setDigest(next);
    try {
      await storeDigest(next);
      setNote("Inställningen är sparad.");
    } catch (error) {
      setNote(errorMessage(error));
    }
  };
  return (
    <label className="field">
      <span>E-post om ändringar</span>
      <select value={digest} onChange={(e) => void change(e.target.value as Digest)}>
        {DIGEST_OPTIONS.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
      {note ? <span className="muted">{note}</span> : null}
    </label>
  );
}

export function MonitoringScreen() {
  const [loaded, setLoaded] = useState<Loaded>({ status: "loading" });
  useEffect(() => {
    let active = true;
    fetchOverview().then(
      (overview) => {
        if (!active) return;
        setLoaded({ status: "ready", overview });
        if (overview.unread > 0) void markAllRead().then(clearUnread, () => undefined);
      },
      (error: unknown) => active && setLoaded({ status: "error", message: errorMessage(error) }),
    );
    return () => {
      active = false;
    };
  }, []);
  const onSearchChanged = useCallback((id: string, next: SavedSearch | null) => {
    setLoaded((state) => {
      if (state.status !== "ready") return state;
      const savedSearches = state.overview.savedSearches.flatMap((s) => (s.id !== id ? [s] : next ? [next] : []));
      return { status: "ready", overview: { ...state.overview, savedSearches } };
    });
  }, []);
  if (loaded.status === "loading") return <p className="muted">Hämtar bevakningar…</p>;
  if (loaded.status === "error") return <p className="form-error">{loaded.message}</p>;
  const { overview } = loaded;
  return (
    <>
      <section aria-labelledby="saved-searches">
        <h2 id="saved-searches">Sparade sökningar</h2>
        <SavedSearchTable searches={overview.savedSearches} onChanged={onSearchChanged} />
      </section>
      <section aria-labelledby="watched-companies">
        <h2 id="watched-companies">Bevakade företag</h2>
        <WatchedCompanyList companies={overview.watchedCompanies} />
      </section>
      <section aria-labelledby="digest-setting">
        <h2 id="digest-setting">Sammandrag per e-post</h2>
        <DigestSetting value={overview.digest} />
      </section>
      <section aria-labelledby="webhooks">
        <h2 id="webhooks">Webhooks</h2>
        <WebhookSettings searches={overview.savedSearches} />
      </section>
    </>
  );
}
