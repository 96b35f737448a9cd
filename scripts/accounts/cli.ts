/**
 * Operators' account CLI: npm run accounts -- <command> [--flags]
 *   create --username u --email e --first-name f --last-name l --password p [--phone +46...] [--personal-id ...]
 *          [--quota 1000] [--expires 2027-12-31]
 *   list
 * Works on the local D1 state of `npm start`.
 */
import { parseArgs } from "node:util";
import { hashPassword, type Pepper } from "../../workers/api/src/auth/password-hash";
import { openLocalBindings } from "../lib/local-bindings";
import { localPepper } from "./local-pepper";

export interface CreateAccountInput {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  password: string;
  phone?: string | undefined;
  personalId?: string | undefined;
  quota: number;
  expiresAt: string;
}

export async function createAccount(db: D1Database, input: CreateAccountInput, pepper: Pepper = localPepper()): Promise<string> {
  if (input.password.length < 8) throw new Error("password must be at least 8 characters");
  const id = crypto.randomUUID();
  await db
    .prepare(
      `INSERT INTO users (id, username, email, phone, personal_id, first_name, last_name, password_hash, extraction_records_left, subscription_expires_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .bind(
      id,
      input.username,
      input.email,
      input.phone ?? null,
      input.personalId ?? null,
      input.firstName,
      input.lastName,
      await hashPassword(input.password, pepper),
      input.quota,
      input.expiresAt,
    )
    .run();
  return id;
}

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  const { values } = parseArgs({
    args: rest,
    options: {
      username: { type: "string" },
      email: { type: "string" },
      "first-name": { type: "string" },
      "last-name": { type: "string" },
      password: { type: "string" },
      phone: { type: "string" },
      "personal-id": { type: "string" },
      quota: { type: "string", default: "1000" },
      expires: { type: "string" },
    },
  });
  const { env, dispose } = await openLocalBindings();
  try {
    if (command === "create") {
      const required = ["username", "email", "first-name", "last-name", "password"] as const;
      for (const key of required) if (!values[key]) throw new Error(`--${key} is required`);
      const id = await createAccount(env.DB, {
        username: values.username!,
        email: values.email!,
        firstName: values["first-name"]!,
        lastName: values["last-name"]!,
        password: values.password!,
        phone: values.phone,
        personalId: values["personal-id"],
        quota: Number(values.quota),
        expiresAt: values.expires ?? new Date(Date.now() + 365 * 86_400_000).toISOString(),
      });
      console.log(JSON.stringify({ created: id, username: values.username }));
    } else if (command === "list") {
      const { results } = await env.DB.prepare(
        "SELECT id, username, email, first_name, last_name, extraction_records_left, subscription_expires_at, disabled FROM users ORDER BY username",
      ).all();
      console.table(results);
    } else {
      console.error("usage: npm run accounts -- create|list [--flags]");
      process.exitCode = 2;
    }
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
