/**
 * Checks of the [env.production] sections of the three wrangler configs (docs/decisions/0022-production-deployment.md).
 * Structural checks hold for the committed files and run in `npm run check`; operator checks (no placeholder left, real
 * database ids, the publisher's details) run before `npm run deploy` touches anything remote.
 */
import path from "node:path";
import { unstable_readConfig, type Unstable_Config } from "wrangler";
import { ES_DIALECTS, parseNodeUrls } from "#search-index/engine";
import { PLACEHOLDER_MARKER, publisherProblems } from "#shared/publisher";

export const PRODUCTION_ENV = "production";

/** The three workers in deploy order: the queue consumer, the API it shares D1/R2/Queues with, then the web front. */
export const WORKERS = [
  { key: "export", config: "workers/export/wrangler.toml" },
  { key: "api", config: "workers/api/wrangler.toml" },
  { key: "web", config: "wrangler.toml" },
] as const;
export type WorkerKey = (typeof WORKERS)[number]["key"];

/**
 * Vars the development configs set that production must not: the dev-only secrets (production has real secrets) and
 * the raised per-IP sign-in limit. Any other development var must also be in [env.production.vars].
 */
export const DEV_ONLY_VARS: Readonly<Record<WorkerKey, readonly string[]>> = {
  web: [],
  api: ["JWT_SIGNING_KEY", "PASSWORD_PEPPER", "API_KEY_SECRET", "AUTH_IP_ATTEMPTS_PER_MINUTE"],
  export: [],
};

/** Secrets production cannot run without (listed in [env.production.secrets] required, checked by wrangler deploy). */
const REQUIRED_SECRETS: Readonly<Record<WorkerKey, readonly string[]>> = {
  web: [],
  api: ["JWT_SIGNING_KEY", "PASSWORD_PEPPER", "API_KEY_SECRET"],
  export: [],
};

export type WorkerConfig = Pick<
  Unstable_Config,
  | "name"
  | "vars"
  | "define"
  | "d1_databases"
  | "r2_buckets"
  | "queues"
  | "services"
  | "send_email"
  | "triggers"
  | "routes"
  | "route"
  | "secrets"
  | "ratelimits"
  | "durable_objects"
>;
export type WorkerConfigs = Record<WorkerKey, { development: WorkerConfig; production: WorkerConfig }>;

/** Reads each config twice, as wrangler resolves it: the top level (development) and [env.production]. */
export function readWorkerConfigs(root: string): WorkerConfigs {
  const read = (config: string, env?: string) => unstable_readConfig({ config: path.join(root, config), env }, { hideWarnings: true });
  const entries = WORKERS.map(({ key, config }) => [key, { development: read(config), production: read(config, PRODUCTION_ENV) }] as const);
  return Object.fromEntries(entries) as WorkerConfigs;
}

const names = (list: readonly { binding?: string; name?: string }[] | undefined) =>
  (list ?? []).map((item) => item.binding ?? item.name ?? "?").sort();

/** What each worker binds, by kind, for comparing development with production. */
function bindingSummary(config: WorkerConfig): Record<string, string[]> {
  return {
    d1_databases: names(config.d1_databases),
    r2_buckets: names(config.r2_buckets),
    services: names(config.services),
    send_email: names(config.send_email),
    "queues.producers": names(config.queues.producers),
    "queues.consumers": (config.queues.consumers ?? []).map((c) => `${c.queue} → ${c.dead_letter_queue ?? "-"}`).sort(),
    define: Object.keys(config.define).sort(),
    "triggers.crons": [...(config.triggers.crons ?? [])].sort(),
    ratelimits: (config.ratelimits ?? []).map((r) => `${r.name} ${r.simple.limit}/${r.simple.period}s`).sort(),
    "durable_objects.bindings": (config.durable_objects.bindings ?? []).map((d) => `${d.name} → ${d.class_name}`).sort(),
  };
}

function parityProblems(key: WorkerKey, file: string, { development, production }: WorkerConfigs[WorkerKey]): string[] {
  const problems: string[] = [];
  const dev = bindingSummary(development);
  const prod = bindingSummary(production);
  for (const [kind, list] of Object.entries(dev)) {
    if (JSON.stringify(list) !== JSON.stringify(prod[kind])) {
      problems.push(`${file}: ${kind} differ: development [${list.join(", ")}], production [${(prod[kind] ?? []).join(", ")}]`);
    }
  }
  for (const name of Object.keys(development.vars)) {
    if (DEV_ONLY_VARS[key].includes(name) || name in production.vars) continue;
    problems.push(
      `${file}: var ${name} is set for development but not in [env.production.vars]; add it there, or to DEV_ONLY_VARS in scripts/lib/production-config.ts if production must not set it`,
    );
  }
  return problems;
}

function varProblems(key: WorkerKey, file: string, production: WorkerConfig): string[] {
  const problems: string[] = [];
  const vars = production.vars;
  if (vars.APP_ENV !== "production") problems.push(`${file}: [env.production.vars] APP_ENV must be "production"`);
  if (key === "api" && vars.DEV_MAILBOX !== "false") problems.push(`${file}: [env.production.vars] DEV_MAILBOX must be "false"`);
  for (const name of DEV_ONLY_VARS[key].filter((name) => name in vars)) {
    problems.push(`${file}: [env.production.vars] must not set ${name} (development only)`);
  }
  for (const [name, value] of Object.entries(vars)) {
    if (typeof value === "string" && value.startsWith("dev-only-"))
      problems.push(`${file}: [env.production.vars] ${name} is a dev-only value`);
  }
  if (
    typeof vars.ELASTICSEARCH_URL === "string" &&
    vars.ELASTICSEARCH_URL !== "" &&
    !ES_DIALECTS.some((d) => d === vars.ELASTICSEARCH_DIALECT)
  ) {
    problems.push(`${file}: [env.production.vars] ELASTICSEARCH_DIALECT must be "elasticsearch" or "opensearch" with ELASTICSEARCH_URL`);
  }
  if (typeof vars.ELASTICSEARCH_URL === "string" && vars.ELASTICSEARCH_URL !== "") {
    try {
      parseNodeUrls(vars.ELASTICSEARCH_URL);
    } catch (error) {
      problems.push(`${file}: [env.production.vars] ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const required = production.secrets?.required ?? [];
  for (const name of REQUIRED_SECRETS[key].filter((name) => !required.includes(name))) {
    problems.push(`${file}: [env.production.secrets] required must list ${name}`);
  }
  return problems;
}

/** Problems of the committed production configuration itself (placeholders allowed). */
export function structuralProblems(configs: WorkerConfigs): string[] {
  const problems: string[] = [];
  for (const { key, config: file } of WORKERS) {
    const { development, production } = configs[key];
    if (!production.name || production.name === development.name) {
      problems.push(`${file}: [env.production] needs its own name (not the development worker's)`);
    }
    problems.push(...varProblems(key, file, production), ...parityProblems(key, file, configs[key]));
  }
  const apiName = configs.api.production.name;
  const target = (configs.web.production.services ?? []).find((service) => service.binding === "API")?.service;
  if (target !== apiName) problems.push(`wrangler.toml: [env.production] service API points to ${target ?? "nothing"}, not to ${apiName}`);
  const consumers = configs.export.production.queues.consumers ?? [];
  const jobs = consumers.find((consumer) => consumer.dead_letter_queue);
  if (!jobs || !consumers.some((consumer) => consumer.queue === jobs.dead_letter_queue)) {
    problems.push(
      "workers/export/wrangler.toml: production must consume the job queue with a dead-letter queue, and the dead-letter queue",
    );
  }
  problems.push(...sharedResourceProblems(configs));
  return problems;
}

/** The API and export workers must bind the same D1 databases and R2 buckets in production. */
function sharedResourceProblems(configs: WorkerConfigs): string[] {
  const problems: string[] = [];
  const api = configs.api.production;
  const exporter = configs.export.production;
  for (const d1 of api.d1_databases) {
    const other = exporter.d1_databases.find((candidate) => candidate.binding === d1.binding);
    if (other?.database_name !== d1.database_name) {
      problems.push(`D1 ${d1.binding}: workers/api and workers/export production configs name different databases`);
    }
  }
  for (const r2 of api.r2_buckets) {
    const other = exporter.r2_buckets.find((candidate) => candidate.binding === r2.binding);
    if (other && other.bucket_name !== r2.bucket_name)
      problems.push(`R2 ${r2.binding}: workers/api and workers/export production buckets differ`);
  }
  return problems;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every place below `value` that still holds the placeholder, as a dotted path. */
function placeholderPaths(value: unknown, at: string): string[] {
  if (typeof value === "string") return value.includes(PLACEHOLDER_MARKER) ? [at] : [];
  if (Array.isArray(value)) return value.flatMap((item, index) => placeholderPaths(item, `${at}[${index}]`));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([key, item]) => placeholderPaths(item, `${at}.${key}`));
  return [];
}

/** What the operator still has to fill in before a real deploy. */
export function operatorProblems(configs: WorkerConfigs): string[] {
  const problems: string[] = [];
  for (const { key, config: file } of WORKERS) {
    const { development, production } = configs[key];
    for (const where of placeholderPaths(production.vars, "vars"))
      problems.push(`${file}: [env.production] ${where} is still ${PLACEHOLDER_MARKER}`);
    for (const d1 of production.d1_databases) {
      const localId = development.d1_databases.find((candidate) => candidate.binding === d1.binding)?.database_id;
      if (!d1.database_id || !UUID.test(d1.database_id)) {
        problems.push(`${file}: [env.production] database_id of ${d1.binding} is not a D1 id yet (wrangler d1 create ${d1.database_name})`);
      } else if (d1.database_id === localId || d1.database_id.startsWith("00000000-")) {
        problems.push(`${file}: [env.production] database_id of ${d1.binding} is the local placeholder id`);
      }
    }
  }
  for (const d1 of configs.api.production.d1_databases) {
    const other = configs.export.production.d1_databases.find((candidate) => candidate.binding === d1.binding);
    if (other && other.database_id !== d1.database_id)
      problems.push(`D1 ${d1.binding}: workers/api and workers/export have different database_id`);
  }
  const publisher = configs.web.production.vars.PUBLISHER;
  if (placeholderPaths(publisher, "").length === 0) {
    problems.push(
      ...publisherProblems(publisher, { production: true }).map((problem) => `wrangler.toml: [env.production.vars] ${problem}`),
    );
  }
  return problems;
}

/** Not fatal, but worth saying before a deploy. */
export function operatorWarnings(configs: WorkerConfigs): string[] {
  const web = configs.web.production;
  if ((web.routes ?? []).length === 0 && !web.route) {
    return ["wrangler.toml: [env.production] has no routes: the site will be reachable only on its workers.dev address"];
  }
  return [];
}
