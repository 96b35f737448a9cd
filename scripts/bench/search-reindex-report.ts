/** bench:search's reindex section (issue 27, point 3): the cluster's and the embedded backend's reindex side by side. */
import os from "node:os";
import type { BenchFigure } from "./record";
import type { ChildReindex } from "./search-reindex";

export const REINDEX_AREA = "Reindex: cluster vs embedded";

export interface ReindexRow {
  /** "embedded", "cluster 1 node", "cluster 3 nodes". */
  target: string;
  run: ChildReindex;
  /** Clusters: each node's VmHWM after the reindex, and the live indices' store (primaries, with replicas). */
  cluster?: {
    heapMb: number;
    nodePeakMb: number[];
    primariesBytes: number;
    totalBytes: number;
    /** 3 nodes: the wait after the reindex until the replicas were allocated (green). */
    green: { seconds: number; status: string } | null;
  };
  /** Embedded: the state folder after the run (the documents in D1 and the snapshot in R2, as local files). */
  stateBytes?: number;
}

const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
const n = (v: number) => Math.round(v).toLocaleString("sv-SE");

function disk(row: ReindexRow): string {
  if (row.cluster) {
    const { primariesBytes, totalBytes } = row.cluster;
    return primariesBytes === totalBytes
      ? `${n(mb(primariesBytes))} MB`
      : `${n(mb(primariesBytes))} MB primaries, ${n(mb(totalBytes))} MB with replicas`;
  }
  const snapshot = row.run.snapshotBytes === null ? "?" : n(mb(row.run.snapshotBytes));
  return `snapshot ${snapshot} MB; state folder ${row.stateBytes === undefined ? "?" : n(mb(row.stateBytes))} MB (D1 documents + snapshot)`;
}

export function renderReindexReport(rows: ReindexRow[], command: string, source: string): string {
  const body = rows.map((row) => {
    const nodes = row.cluster ? `${row.cluster.nodePeakMb.map(n).join(" / ")} (heap ${n(row.cluster.heapMb)} each)` : "–";
    const documents = row.run.companies + row.run.worksites;
    const green = row.cluster?.green;
    const total = `${row.run.seconds.toFixed(0)}${green ? ` + ${green.seconds.toFixed(0)} until ${green.status === "green" ? "green" : `still ${green.status}`}` : ""}`;
    return `| ${row.target} | ${n(documents)} | ${total} | ${n(row.run.documentsPerSecond)} | ${n(row.run.processPeakMb)} | ${n(row.run.treePeakMb)} | ${nodes} | ${disk(row)} |`;
  });
  return [
    `## ${REINDEX_AREA} (${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC)`,
    "",
    `Command: \`${command}\``,
    "",
    `The operators' reindex CLI (\`npm run reindex -- --backend … --source ${source} --state <fresh temp state> --grace-seconds 0\`, run as \`node --import tsx scripts/reindex/cli.ts …\` so the process measured is the CLI itself) into a fresh state or a fresh cluster, one at a time, while the benchmark process waited holding its own engines. Peak resident memory: VmHWM from /proc/<pid>/status, sampled every 250 ms for the CLI (its last reading before it ended) and read after the run for each JVM (its peak since it started); the process tree adds the workerd the CLI's loader starts (summed VmRSS, sampled). On disk: the live indices' store (\`_stats/store\`) right after the run (3 nodes: once green); for the embedded backend the snapshot and the local state folder. Load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(", ")} at the end.`,
    "",
    "| into | documents | total s | documents/s | peak resident MB: reindex process | peak MB: its process tree | peak resident MB: node(s) | on disk |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
    ...body,
    "",
  ].join("\n");
}

export function reindexFigures(rows: ReindexRow[]): BenchFigure[] {
  return rows.flatMap((row) => {
    const figures: BenchFigure[] = [
      { figure: `${row.target}: total`, value: Number(row.run.seconds.toFixed(0)), unit: "s" },
      { figure: `${row.target}: documents per second`, value: Math.round(row.run.documentsPerSecond), unit: "docs/s" },
      { figure: `${row.target}: reindex process peak resident`, value: row.run.processPeakMb, unit: "MB" },
    ];
    if (row.cluster?.green)
      figures.push({
        figure: `${row.target}: after the reindex, until green`,
        value: Number(row.cluster.green.seconds.toFixed(0)),
        unit: "s",
      });
    if (row.cluster) {
      figures.push(
        { figure: `${row.target}: node peak resident (largest)`, value: Math.max(...row.cluster.nodePeakMb), unit: "MB" },
        { figure: `${row.target}: index on disk, primaries`, value: mb(row.cluster.primariesBytes), unit: "MB" },
        { figure: `${row.target}: index on disk, total`, value: mb(row.cluster.totalBytes), unit: "MB" },
      );
    } else {
      figures.push({ figure: `${row.target}: process tree peak resident`, value: row.run.treePeakMb, unit: "MB" });
      if (row.run.snapshotBytes !== null) figures.push({ figure: `${row.target}: snapshot`, value: mb(row.run.snapshotBytes), unit: "MB" });
      if (row.stateBytes !== undefined)
        figures.push({ figure: `${row.target}: state folder on disk`, value: mb(row.stateBytes), unit: "MB" });
    }
    return figures;
  });
}
