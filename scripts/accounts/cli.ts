/**
 * Operators' account CLI (accounts are never self-service): npm run accounts -- <command> [arguments] [--remote]
 *
 *   create --username u --email e --first-name f --last-name l --password p
 *          [--phone 070…] [--personal-id YYYYMMDD-NNNN] [--quota 1000] [--expires 2027-12-31]
 *   list
 *   show <user>                       user = id, username or e-mail
 *   set-quota <user> <records>
 *   set-expiry <user> <YYYY-MM-DD | ISO date-time>
 *   set-password <user> [password]    reads the password from stdin when omitted; ends the user's sessions
 *   disable <user> | enable <user>    disabling ends the user's sessions
 *   reset-terms <user | --all>        the user must accept the terms of use again
 *
 * Local D1 of `npm start` by default (URVAL_STATE_DIR to choose another state folder). With --remote [--env NAME]: the deployed
 * D1 through the D1 HTTP API (CLOUDFLARE_ACCOUNT_ID, CLOUDFLARE_API_TOKEN) and the production pepper
 * (URVAL_PASSWORD_PEPPER, URVAL_PASSWORD_PEPPER_ID: the worker's secret).
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import type { Pepper } from "#api/tooling";
import { cloudflareOptionsFromEnvironment } from "../lib/cloudflare-api";
import { openLocalBindings } from "../lib/local-bindings";
import { readRemoteConfig, remoteDatabaseId } from "../lib/remote-config";
import * as commands from "./account-commands";
import { localPepper, pepperFromEnvironment } from "./local-pepper";
import { createRemoteD1 } from "./remote-d1";

export type { CreateAccountInput } from "./account-commands";

/** Creates an account (used by `npm start` for the demo account); the local dev pepper unless one is given. */
export function createAccount(db: D1Database, input: commands.CreateAccountInput, pepper: Pepper = localPepper()): Promise<string> {
  return commands.createAccount(db, input, pepper);
}

const OPTIONS = {
  username: { type: "string" },
  email: { type: "string" },
  "first-name": { type: "string" },
  "last-name": { type: "string" },
  password: { type: "string" },
  phone: { type: "string" },
  "personal-id": { type: "string" },
  quota: { type: "string" },
  expires: { type: "string" },
  remote: { type: "boolean", default: false },
  env: { type: "string", default: "production" },
  all: { type: "boolean", default: false },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>["values"];

function required(value: string | undefined, name: string): string {
  if (!value) throw new Error(`missing ${name}`);
  return value;
}

async function openDatabase(remote: boolean, environment: string) {
  if (!remote) {
    const { env, dispose } = await openLocalBindings();
    return { db: env.DB, pepper: localPepper, dispose };
  }
  // The deployed database is the one of the environment `npm run deploy` deploys ([env.production]), not the local one.
  const db = createRemoteD1({
    ...cloudflareOptionsFromEnvironment(),
    databaseId: remoteDatabaseId(readRemoteConfig(environment), "DB", environment),
  });
  return { db, pepper: pepperFromEnvironment, dispose: async () => {} };
}

function createInput(values: Values, expires: string | undefined): commands.CreateAccountInput {
  return {
    username: required(values.username, "--username"),
    email: required(values.email, "--email"),
    firstName: required(values["first-name"], "--first-name"),
    lastName: required(values["last-name"], "--last-name"),
    password: required(values.password, "--password"),
    phone: values.phone,
    personalId: values["personal-id"],
    quota: values.quota ?? 1000,
    expiresAt: expires ?? new Date(Date.now() + 365 * 86_400_000).toISOString(),
  };
}

/** Runs one command and returns what to print. */
export async function runCommand(db: D1Database, pepper: () => Pepper, command: string | undefined, args: string[], values: Values) {
  const [user = "", value] = args;
  switch (command) {
    case "create":
      return { created: await commands.createAccount(db, createInput(values, values.expires), pepper()), username: values.username };
    case "list":
      return commands.listAccounts(db);
    case "show":
      return commands.showAccount(db, required(user, "<user>"));
    case "set-quota":
      return commands.setQuota(db, required(user, "<user>"), Number(required(value, "<records>"))).then(() => ({ ok: true }));
    case "set-expiry":
      return commands.setExpiry(db, required(user, "<user>"), required(value, "<date>")).then(() => ({ ok: true }));
    case "set-password": {
      const password = value ?? values.password ?? readFileSync(0, "utf8").replace(/\r?\n$/, "");
      return commands.setPassword(db, required(user, "<user>"), password, pepper()).then(() => ({ ok: true }));
    }
    case "disable":
    case "enable":
      return commands.setDisabled(db, required(user, "<user>"), command === "disable").then(() => ({ ok: true }));
    case "reset-terms":
      return commands.resetTerms(db, values.all ? "--all" : required(user, "<user>")).then(() => ({ ok: true }));
    default:
      throw new Error(
        "usage: npm run accounts -- create|list|show|set-quota|set-expiry|set-password|disable|enable|reset-terms … [--remote]",
      );
  }
}

async function main() {
  const { values, positionals } = parseArgs({ args: process.argv.slice(2), options: OPTIONS, allowPositionals: true });
  const [command, ...args] = positionals;
  const { db, pepper, dispose } = await openDatabase(values.remote, values.env);
  try {
    const result = await runCommand(db, pepper, command, args, values);
    if (command === "list" && Array.isArray(result)) console.table(result);
    else console.log(JSON.stringify(result, null, 2));
  } finally {
    await dispose();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
