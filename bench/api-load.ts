import { execFileSync } from "node:child_process";
import os from "node:os";
import autocannon from "autocannon";
import { isNotServed, type CallBudget, type LoadTarget } from "./calls";

export interface LoadFigures {
  connections: number;
  requests: number;
  non2xx: number;
  errors: number;
  p50Ms: number | null;
  p95Ms: number | null;
  requestsPerSecond: number;
}

/** One call's figures at one connection count: one per round, in round order. */
export interface RoundFigures {
  connections: number;
  rounds: LoadFigures[];
}

export interface CallLoad {
  key: string;
  call: string;
  path: string;
  served: boolean;
  budget: CallBudget;
  /** The answer's Content-Encoding (gzip when the server compressed it). */
  encoding?: string;
  /** Why the call could not be measured, when it could not. */
  problem?: string;
  load: RoundFigures[];
}

export interface LoadOptions {
  /** Seconds of each measured run. */
  durationSeconds: number;
  /** Rounds; in each, every call is loaded once at each of its connection counts, so drift hits them all alike. */
  rounds: number;
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : null);

/** One autocannon run; latencies are kept per request so that p95 can be read exactly. */
function load(url: string, headers: Record<string, string>, connections: number, durationSeconds: number): Promise<LoadFigures> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    const instance = autocannon({ url, headers, connections, duration: durationSeconds }, (err, result) => {
      if (err) return reject(err);
      latencies.sort((a, b) => a - b);
      resolve({
        connections,
        requests: result.requests.total,
        non2xx: result.non2xx,
        errors: result.errors + result.timeouts,
        p50Ms: percentile(latencies, 50),
        p95Ms: percentile(latencies, 95),
        requestsPerSecond: result.requests.total / durationSeconds,
      });
    });
    instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
}

/** The cores the server and the load generator are pinned to (taskset), or null on a one-core machine. */
export const PINNING = os.cpus().length >= 2 ? { server: "0", load: "1" } : null;

/** Pins this process (every thread: autocannon runs here) to the load generator's core until the returned function is called. */
export function pinLoadGenerator(): () => void {
  if (!PINNING) return () => undefined;
  const all = `0-${os.cpus().length - 1}`;
  execFileSync("taskset", ["-a", "-cp", PINNING.load, String(process.pid)], { stdio: "ignore" });
  return () => execFileSync("taskset", ["-a", "-cp", all, String(process.pid)], { stdio: "ignore" });
}

/**
 * Loads each target at each of its connection counts, `rounds` times, interleaved: round 1 of every
 * target, then round 2, and so on. A target the API does not serve yet is reported as such; one that
 * answers an error is not loaded.
 */
export async function measureApiLoad(targets: LoadTarget[], options: LoadOptions): Promise<CallLoad[]> {
  const results: CallLoad[] = [];
  const live: { target: LoadTarget; result: CallLoad }[] = [];
  for (const target of targets) {
    const probe = await fetch(target.url, { headers: target.headers });
    const text = await probe.text();
    let body: unknown = undefined;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON (an image)
    }
    const result: CallLoad = { key: target.key, call: target.name, path: target.path, served: true, budget: target.budget, encoding: probe.headers.get("content-encoding") ?? undefined, load: [] };
    results.push(result);
    if (isNotServed(probe.status, body)) {
      Object.assign(result, { served: false, problem: "not served yet" });
    } else if (!probe.ok) {
      result.problem = `answered ${probe.status}: ${text.slice(0, 200)}`;
    } else {
      // Warm-up: caches filled, code compiled.
      await load(target.url, target.headers, Math.max(...target.connections), 1);
      result.load = target.connections.map((connections) => ({ connections, rounds: [] }));
      live.push({ target, result });
    }
  }
  for (let round = 0; round < options.rounds; round++) {
    for (const { target, result } of live) {
      for (const figures of result.load) figures.rounds.push(await load(target.url, target.headers, figures.connections, options.durationSeconds));
    }
  }
  for (const { result } of live) {
    const failed = result.load.flatMap((l) => l.rounds).find((f) => f.non2xx || f.errors);
    if (failed) result.problem = `${failed.non2xx} non-2xx answers and ${failed.errors} errors at ${failed.connections} connections`;
  }
  return results;
}

/** Median, min and max of a list of figures (null when empty). */
export function spread(values: (number | null)[]): { median: number; min: number; max: number } | null {
  const sorted = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  if (!sorted.length) return null;
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { median, min: sorted[0]!, max: sorted[sorted.length - 1]! };
}
