/**
 * The development mailbox: e-mail and SMS the local API "sent" (DEV_MAILBOX = "true" stores them in D1 instead).
 *   npm run mailbox                       the 10 newest messages
 *   npm run mailbox -- --to a@b.se        only those to one recipient (e-mail address or +46… number)
 *   npm run mailbox -- --limit 50 --full  more messages, whole bodies
 * Reads the local state of `npm start` (URVAL_STATE_DIR to choose another).
 */
import { parseArgs } from "node:util";
import { openLocalBindings } from "./lib/local-bindings";

interface MailboxRow {
  id: number;
  channel: string;
  recipient: string;
  subject: string | null;
  body: string;
  created_at: number;
}

export function formatMessage(row: MailboxRow, full: boolean): string {
  const code = /\b(\d{6})\b/.exec(row.body)?.[1];
  const body = full ? row.body : row.body.split("\n")[0]!;
  const header = `#${row.id}  ${new Date(row.created_at).toISOString()}  ${row.channel}  → ${row.recipient}${code ? `  code ${code}` : ""}`;
  return [header, ...(row.subject ? [`  ${row.subject}`] : []), ...body.split("\n").map((line) => `  ${line}`)].join("\n");
}

async function main() {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { to: { type: "string" }, limit: { type: "string", default: "10" }, full: { type: "boolean", default: false } },
  });
  const limit = Math.min(Math.max(Number(values.limit) || 10, 1), 1000);
  const { env, dispose } = await openLocalBindings();
  try {
    const statement = values.to
      ? env.DB.prepare("SELECT * FROM dev_mailbox WHERE recipient = ? COLLATE NOCASE ORDER BY id DESC LIMIT ?").bind(values.to, limit)
      : env.DB.prepare("SELECT * FROM dev_mailbox ORDER BY id DESC LIMIT ?").bind(limit);
    const { results } = await statement.all<MailboxRow>();
    if (results.length === 0) console.log("The development mailbox is empty.");
    for (const row of results) console.log(`${formatMessage(row, values.full)}\n`);
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
