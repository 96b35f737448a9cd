import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { API_KEY_BURST, CALL_LIMITS } from "#api/tooling";
import { operatorProblems, operatorWarnings, readWorkerConfigs, structuralProblems, type WorkerConfigs } from "./production-config";

const ROOT = path.resolve(import.meta.dirname, "../..");
let committed: WorkerConfigs;

beforeAll(() => {
  committed = readWorkerConfigs(ROOT);
});

/** The committed configs as an operator would leave them: real ids and the publisher's real details. */
function filledIn(): WorkerConfigs {
  const configs = structuredClone(committed);
  const ids: Record<string, string> = { DB: "3f0c2d7e-5b1a-4c9e-8f3a-0d6b2e1c9a47", SEARCH_DB: "a81e4b2c-9d3f-4e6a-b7c1-52f0d8e3a916" };
  for (const key of ["api", "export"] as const) {
    for (const d1 of configs[key].production.d1_databases) d1.database_id = ids[d1.binding];
  }
  configs.api.production.vars.SMS_GATEWAY_USER = "u1234567890abcdef";
  configs.web.production.vars.PUBLISHER = {
    name: "Urval AB",
    street: "Drottninggatan 5",
    postalAddress: "411 14 Göteborg",
    customerServicePhone: "031-12 34 56",
    customerServiceEmail: "kundservice@urval.se",
    customerServiceHours: "Vardagar 8.00–17.00",
    responsiblePublisher: "Anna Holm",
    staff: [{ name: "Anna Holm", role: "Försäljning", phone: "08-123 456 78", email: "anna.holm@urval.se" }],
  };
  return configs;
}

describe("the per-user call limits (docs/decisions/0052)", () => {
  it("bind each burst window of CALL_LIMITS and the API keys' with its limit and period, in both environments", () => {
    const expected = [...Object.values(CALL_LIMITS).map(({ burst }) => burst), API_KEY_BURST]
      .map((burst) => ({ name: burst.binding, simple: { limit: burst.limit, period: burst.periodSeconds } }))
      .sort((a, b) => a.name.localeCompare(b.name));
    for (const config of [committed.api.development, committed.api.production]) {
      const bound = config.ratelimits.map(({ name, simple }) => ({ name, simple })).sort((a, b) => a.name.localeCompare(b.name));
      expect(bound).toEqual(expected);
      expect(config.durable_objects.bindings).toEqual([{ name: "USER_LIMITS", class_name: "UserCallLimits" }]);
    }
  });
});

describe("structuralProblems", () => {
  it("finds none in the committed configs", () => {
    expect(structuralProblems(committed)).toEqual([]);
  });

  it("catches a development var or binding that production lacks", () => {
    const configs = structuredClone(committed);
    configs.export.development.vars.NEW_DEVELOPMENT_VAR = "1";
    configs.api.production.r2_buckets = configs.api.production.r2_buckets.filter((r2) => r2.binding !== "SEARCH_INDEX");
    expect(structuralProblems(configs)).toEqual([
      expect.stringMatching(
        /^workers\/export\/wrangler.toml: var NEW_DEVELOPMENT_VAR is set for development but not in \[env.production.vars\]/,
      ),
      "workers/api/wrangler.toml: r2_buckets differ: development [EXPORTS, SEARCH_INDEX], production [EXPORTS]",
    ]);
  });

  it("refuses development values in production", () => {
    const configs = structuredClone(committed);
    Object.assign(configs.api.production.vars, { DEV_MAILBOX: "true", AUTH_IP_ATTEMPTS_PER_MINUTE: "300", MAIL_FROM: "dev-only-x" });
    configs.export.production.vars.APP_ENV = "development";
    expect(structuralProblems(configs)).toEqual([
      'workers/export/wrangler.toml: [env.production.vars] APP_ENV must be "production"',
      'workers/api/wrangler.toml: [env.production.vars] DEV_MAILBOX must be "false"',
      "workers/api/wrangler.toml: [env.production.vars] must not set AUTH_IP_ATTEMPTS_PER_MINUTE (development only)",
      "workers/api/wrangler.toml: [env.production.vars] MAIL_FROM is a dev-only value",
    ]);
  });

  it("wants the search engine's dialect wherever production names a cluster", () => {
    const configs = structuredClone(committed);
    configs.api.production.vars.ELASTICSEARCH_URL = "https://search.example.com";
    Object.assign(configs.export.production.vars, { ELASTICSEARCH_URL: "https://search.example.com", ELASTICSEARCH_DIALECT: "opensearch" });
    expect(structuralProblems(configs)).toEqual([
      'workers/api/wrangler.toml: [env.production.vars] ELASTICSEARCH_DIALECT must be "elasticsearch" or "opensearch" with ELASTICSEARCH_URL',
    ]);
  });

  it("wants ELASTICSEARCH_URL to be one URL or a list of node URLs", () => {
    const configs = structuredClone(committed);
    const dialect = { ELASTICSEARCH_DIALECT: "opensearch" };
    Object.assign(configs.api.production.vars, { ...dialect, ELASTICSEARCH_URL: "http://10.0.0.1:9200, http://10.0.0.2:9200" });
    Object.assign(configs.export.production.vars, { ...dialect, ELASTICSEARCH_URL: "10.0.0.1:9200" });
    expect(structuralProblems(configs)).toEqual([
      "workers/export/wrangler.toml: [env.production.vars] ELASTICSEARCH_URL must be one URL or URLs separated by commas: each node must be an http:// or https:// URL",
    ]);
  });

  it("keeps the web worker's service binding on the production API worker", () => {
    const configs = structuredClone(committed);
    configs.api.production.name = "urval-api-prod";
    expect(structuralProblems(configs)).toEqual([
      "wrangler.toml: [env.production] service API points to urval-api-production, not to urval-api-prod",
    ]);
  });

  it("wants the required secrets declared and the dead-letter queue consumed", () => {
    const configs = structuredClone(committed);
    configs.api.production.secrets = { required: ["JWT_SIGNING_KEY"] };
    configs.export.production.queues.consumers = configs.export.production.queues.consumers?.slice(0, 1);
    configs.export.development.queues.consumers = configs.export.production.queues.consumers;
    expect(structuralProblems(configs)).toEqual([
      "workers/api/wrangler.toml: [env.production.secrets] required must list PASSWORD_PEPPER",
      "workers/api/wrangler.toml: [env.production.secrets] required must list API_KEY_SECRET",
      "workers/export/wrangler.toml: production must consume the job queue with a dead-letter queue, and the dead-letter queue",
    ]);
  });
});

describe("operatorProblems", () => {
  it("lists every placeholder of the committed configs", () => {
    expect(operatorProblems(committed)).toEqual([
      "workers/export/wrangler.toml: [env.production] database_id of DB is not a D1 id yet (wrangler d1 create urval-db)",
      "workers/export/wrangler.toml: [env.production] database_id of SEARCH_DB is not a D1 id yet (wrangler d1 create urval-search)",
      "workers/api/wrangler.toml: [env.production] vars.SMS_GATEWAY_USER is still REPLACE_ME",
      "workers/api/wrangler.toml: [env.production] database_id of DB is not a D1 id yet (wrangler d1 create urval-db)",
      "workers/api/wrangler.toml: [env.production] database_id of SEARCH_DB is not a D1 id yet (wrangler d1 create urval-search)",
      ...[
        "name",
        "street",
        "postalAddress",
        "customerServicePhone",
        "customerServiceEmail",
        "customerServiceHours",
        "responsiblePublisher",
      ].map((field) => `wrangler.toml: [env.production] vars.PUBLISHER.${field} is still REPLACE_ME`),
      ...["name", "role", "phone", "email"].map(
        (field) => `wrangler.toml: [env.production] vars.PUBLISHER.staff[0].${field} is still REPLACE_ME`,
      ),
    ]);
  });

  it("finds none once the operator has filled everything in", () => {
    expect(operatorProblems(filledIn())).toEqual([]);
  });

  it("refuses the local ids, ids that differ between the workers, and the development publisher", () => {
    const configs = filledIn();
    const [db] = configs.api.production.d1_databases;
    if (db) db.database_id = "00000000-0000-4000-8000-0000000000db";
    configs.web.production.vars.PUBLISHER = structuredClone(committed.web.development.vars.PUBLISHER) ?? {};
    expect(operatorProblems(configs)).toEqual([
      "workers/api/wrangler.toml: [env.production] database_id of DB is the local placeholder id",
      "D1 DB: workers/api and workers/export have different database_id",
      "wrangler.toml: [env.production.vars] PUBLISHER is marked developmentDefaults = true",
      "wrangler.toml: [env.production.vars] PUBLISHER has the fictional phone number 031-390 06 00",
      "wrangler.toml: [env.production.vars] PUBLISHER has the fictional phone number 031-390 06 01",
      "wrangler.toml: [env.production.vars] PUBLISHER has the fictional phone number 031-390 06 02",
    ]);
  });

  it("warns while the site has no custom domain", () => {
    expect(operatorWarnings(committed)).toHaveLength(1);
    const configs = filledIn();
    configs.web.production.routes = [{ pattern: "app.urval.se", custom_domain: true }];
    expect(operatorWarnings(configs)).toEqual([]);
  });
});
