/**
 * Bevakning's Elasticsearch reindex on production's path (`--remote`), on the real cluster of the test run: its app
 * database behind the fake of D1's HTTP API and its jobs pushed through the fake of Queues' HTTP API (tests/support/fakes:
 * Cloudflare's APIs cannot run here). On the hand-made churn of bevakning-fixture.ts it must stage the same rows as
 * the embedded reindex and enqueue one job per user.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { reindexElasticsearchWithMonitoring } from "#scripts/reindex/reindex-elasticsearch";
import { remoteMonitoring } from "#scripts/reindex/remote-monitoring";
import { MonitoringJobMessageSchema } from "#shared/monitoring-job";
import { startFakeD1Api } from "../support/fakes/d1-http-server";
import { startFakeQueuesApi } from "../support/fakes/queues-http-server";
import { writeDataset } from "../fixtures/search/fixture-dataset";
import { ANNA, BERIT, SUBSCRIPTIONS, v1, v2 } from "./support/bevakning-fixture";
import { APP_MIGRATIONS, runElasticsearch, runEmbedded, type StagedRows } from "./support/bevakning-runs";
import { clusterClient, dropIndices, sourceOf } from "./support/es-cluster-helpers";

const PREFIX = "urval_bevremote_";
const QUEUE = "urval-monitoring-alerts";
const root = mkdtempSync(path.join(tmpdir(), "urval-bevakning-remote-"));
let embedded: StagedRows;
let remote: { staged: StagedRows; result: Awaited<ReturnType<typeof reindexElasticsearchWithMonitoring>>; jobs: unknown[] };

/** Both Elasticsearch reindexes with `--remote`'s store and enqueueing, against the fakes of Cloudflare's HTTP APIs. */
async function runRemote() {
  const { client, names } = clusterClient(PREFIX);
  const d1 = await startFakeD1Api({ token: "tok", migrationsDir: APP_MIGRATIONS });
  const queues = await startFakeQueuesApi({ token: "tok", queues: { [QUEUE]: "a1b2c3d4e5f60718293a4b5c6d7e8f90" } });
  // One base URL, as Cloudflare's API has: the two fakes are reached by path.
  const fetcher: typeof fetch = (input, init) => {
    const url = String(input);
    return fetch(url.includes("/queues") ? url.replace(d1.baseUrl, queues.baseUrl) : url, init);
  };
  const target = {
    api: { accountId: "acc", apiToken: "tok", baseUrl: d1.baseUrl, fetcher },
    databaseIds: { DB: "app", SEARCH_DB: "search" },
    queueName: QUEUE,
    packBucket: "urval-search-index",
    origin: "https://app.urval.se",
  };
  const { store, enqueue } = remoteMonitoring(target, { retryDelayMs: 1 });
  try {
    await dropIndices(PREFIX);
    const versions = [sourceOf(v1.companies, v1.worksites), sourceOf(v2.companies, v2.worksites)] as const;
    const { result, staged } = await runElasticsearch(client, names, store, [...versions], SUBSCRIPTIONS, enqueue);
    return { result, staged, jobs: queues.received(QUEUE) };
  } finally {
    await Promise.all([client.close(), d1.close(), queues.close()]);
  }
}

beforeAll(async () => {
  const versions: [string, string] = [
    writeDataset(path.join(root, "v1"), v1.companies, v1.worksites),
    writeDataset(path.join(root, "v2"), v2.companies, v2.worksites),
  ];
  embedded = await runEmbedded(path.join(root, "embedded-state"), versions, SUBSCRIPTIONS);
  remote = await runRemote();
}, 180_000);
afterAll(async () => {
  await dropIndices(PREFIX);
  rmSync(root, { recursive: true, force: true });
});

describe("Bevakning on production's path", () => {
  it("stages the same rows over D1's HTTP API as the embedded reindex, and enqueues one job per user over Queues' HTTP API", () => {
    expect(embedded.items?.length).toBeGreaterThan(0);
    expect(remote.staged.items).toEqual(embedded.items);
    expect(remote.staged.hits).toEqual(embedded.hits);
    expect(remote.staged.runs).toEqual([{ from_version: 1, to_version: 2, state: "ENQUEUED", users: 2, added: 1, removed: 1, changed: 9 }]);
    expect(remote.result).toMatchObject({ percolator: { stored: 11, deleted: 0 }, enqueued: { runs: 1, jobs: 2 } });
    const jobs = remote.jobs.map((body) => MonitoringJobMessageSchema.parse(body));
    expect(jobs.map((j) => [j.userId, j.fromVersion, j.toVersion, j.origin]).sort()).toEqual([
      [ANNA, 1, 2, "https://app.urval.se"],
      [BERIT, 1, 2, "https://app.urval.se"],
    ]);
  });
});
