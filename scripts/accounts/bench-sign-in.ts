/**
 * npm run bench:sign-in: what the password hash and the session checks cost.
 *   1. hashPassword (HMAC pepper + PBKDF2-SHA256 100 000) in Node's WebCrypto;
 *   2. through the local Workers runtime (the three real workers, real D1): password sign-in, token refresh, and an
 *      authenticated GET /sapi/preflight (requireSubscriber: JWT check + one D1 read).
 * Prints p50/p95 and appends them with the command to docs/benchmarks (record.ts; --no-append to only print). Needs `npm run build`.
 *
 *   npm run bench:sign-in -- [--rounds 30]
 */
import os from "node:os";
import { parseArgs } from "node:util";
import { SingleBar } from "cli-progress";
import { hashPassword } from "#api/tooling";
import { authedFetch, cookieHeaderFrom, createTestUser, signIn } from "#tests/support/factories";
import { createUrvalHarness } from "#tests/support/worker-harness";
import { recordBenchmark } from "../bench/record";

const { values: args } = parseArgs({
  options: { rounds: { type: "string", default: "30" }, "no-append": { type: "boolean", default: false } },
});
const rounds = Math.max(5, Number(args.rounds));

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function measure(name: string, bar: SingleBar, run: () => Promise<void>) {
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
    bar.increment();
  }
  times.sort((a, b) => a - b);
  return { name, p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function main() {
  const harness = createUrvalHarness();
  const bar = new SingleBar({ format: "sign-in bench {bar} {value}/{total}", stream: process.stderr });
  bar.start(rounds * 4, 0);
  const pepper = { id: "bench", secret: "bench-pepper-of-at-least-32-characters" };
  const rows = [await measure("hashPassword (Node WebCrypto)", bar, async () => void (await hashPassword("Bench-lösenord-1", pepper)))];
  await harness.start();
  try {
    const user = await createTestUser(harness, { signIn: false });
    rows.push(
      await measure(
        "POST sign-in/username-password (workerd)",
        bar,
        async () => void (await signIn(harness, user.username, user.password)),
      ),
    );
    let cookie = await signIn(harness, user.username, user.password);
    rows.push(
      await measure("POST /api/auth/refresh (workerd)", bar, async () => {
        const response = await authedFetch(harness, cookie, "/api/auth/refresh", { method: "POST" });
        if (response.status !== 200) throw new Error(`refresh ${response.status}`);
        cookie = cookieHeaderFrom(response);
      }),
    );
    rows.push(
      await measure("GET /sapi/preflight, signed in (workerd)", bar, async () => {
        if ((await authedFetch(harness, cookie, "/sapi/preflight")).status !== 200) throw new Error("preflight failed");
      }),
    );
  } finally {
    bar.stop();
    await harness.server.close();
  }
  const command = `npm run bench:sign-in -- --rounds ${rounds}`;
  const table = [
    `\n## Sign-in and session costs (${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, ${rounds} sequential rounds)\n`,
    `Command: \`${command}\`\n`,
    "| operation | p50 ms | p95 ms |",
    "| --- | ---: | ---: |",
    ...rows.map((r) => `| ${r.name} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} |`),
    "",
  ].join("\n");
  console.log(table);
  if (!args["no-append"])
    await recordBenchmark(table, {
      area: "Sign-in and session costs",
      command,
      figures: rows.flatMap((r) => [
        { figure: `${r.name}: p50`, value: Number(r.p50.toFixed(1)), unit: "ms" },
        { figure: `${r.name}: p95`, value: Number(r.p95.toFixed(1)), unit: "ms" },
      ]),
    });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
