import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export type Verdict = "PASS" | "FAIL" | "-";

/** One line of the report: a measured figure, what it is compared with, and whether it keeps its budget. */
export interface Row {
  section: "first-load JS" | "lighthouse" | "api" | "sql";
  metric: string;
  value: number | null;
  unit: string;
  baseline: number | null;
  ratio: number | null;
  /** The lowest and highest of the rounds whose median `value` is, when the figure was taken in rounds. */
  min?: number | null;
  max?: number | null;
  budget: string;
  result: Verdict;
  details?: string;
}

const formatNumber = (n: number | null, unit = "") => {
  if (n === null) return "—";
  const digits = Math.abs(n) >= 100 || Number.isInteger(n) ? 0 : Math.abs(n) >= 10 ? 1 : 2;
  return `${n.toFixed(digits)}${unit ? ` ${unit}` : ""}`;
};

const kib = (bytes: number | null) => (bytes === null ? "—" : `${(bytes / 1024).toFixed(1)} KiB`);

function cells(row: Row): string[] {
  const fmt = row.unit === "B" ? kib : (n: number | null) => formatNumber(n, row.unit);
  return [
    `${row.section}: ${row.metric}`,
    fmt(row.value),
    row.min == null || row.max == null ? "" : `${fmt(row.min)} – ${fmt(row.max)}`,
    fmt(row.baseline),
    row.ratio === null ? "—" : `${row.ratio.toFixed(2)}x`,
    row.budget,
    row.result,
    row.details ?? "",
  ];
}

export function formatTable(rows: Row[]): string {
  const header = ["metric", "value (median)", "min – max", "baseline", "ratio", "budget", "result", "details"];
  const body = rows.map(cells);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join(" | ").trimEnd();
  return [line(header), widths.map((w) => "-".repeat(w)).join("-|-"), ...body.map(line)].join("\n");
}

export function summarize(rows: Row[]) {
  const judged = rows.filter((r) => r.result !== "-");
  const failed = judged.filter((r) => r.result === "FAIL");
  return { budgets: judged.length, passed: judged.length - failed.length, failed: failed.length };
}

export function machineInfo() {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? "unknown",
    memoryGiB: Number((os.totalmem() / 1024 ** 3).toFixed(1)),
    platform: `${os.platform()} ${os.release()}`,
    node: process.version,
    /** Other work on the machine skews the figures: the 1, 5 and 15 minute load averages when the report was written. */
    loadAverage: os.loadavg().map((l) => Number(l.toFixed(2))),
    date: new Date().toISOString(),
  };
}

export function writeResults(file: string, results: object) {
  // A run without a build (BENCH_ONLY=sql) may find no .next yet.
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
}
