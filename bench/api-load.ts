import autocannon from "autocannon";
import { isNotServed, type BenchCall } from "./calls";

export const BASELINE_CALL: BenchCall = { name: "GET /bench/baseline", path: "/bench/baseline" };

export interface LoadFigures {
  connections: number;
  requests: number;
  non2xx: number;
  errors: number;
  p50Ms: number | null;
  p95Ms: number | null;
  requestsPerSecond: number;
}

export interface CallLoad {
  call: string;
  path: string;
  served: boolean;
  /** Why the call could not be measured, when it could not. */
  problem?: string;
  load: LoadFigures[];
}

export interface LoadOptions {
  /** Seconds of each measured run. */
  durationSeconds: number;
  connectionCounts: number[];
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
        requestsPerSecond: result.requests.average,
      });
    });
    instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
}

/**
 * Loads each call (and the bare baseline handler first) with 1 and 10 connections. A call the API
 * does not serve yet is reported as such; one that answers an error is not loaded.
 */
export async function measureApiLoad(apiOrigin: string, token: string, calls: BenchCall[], options: LoadOptions): Promise<CallLoad[]> {
  const results: CallLoad[] = [];
  for (const call of [BASELINE_CALL, ...calls]) {
    const url = `${apiOrigin}/api${call.path}`;
    const headers: Record<string, string> = call === BASELINE_CALL ? {} : { authorization: `Bearer ${token}` };
    const probe = await fetch(url, { headers });
    const body = await probe.json().catch(() => undefined);
    if (isNotServed(probe.status, body)) {
      results.push({ call: call.name, path: call.path, served: false, problem: "not served yet", load: [] });
      continue;
    }
    if (!probe.ok) {
      results.push({ call: call.name, path: call.path, served: true, problem: `answered ${probe.status}: ${JSON.stringify(body)}`, load: [] });
      continue;
    }
    await load(url, headers, Math.max(...options.connectionCounts), 1);
    const figures: LoadFigures[] = [];
    for (const connections of options.connectionCounts) figures.push(await load(url, headers, connections, options.durationSeconds));
    const failed = figures.find((f) => f.non2xx || f.errors);
    results.push({
      call: call.name,
      path: call.path,
      served: true,
      problem: failed ? `${failed.non2xx} non-2xx answers and ${failed.errors} errors at ${failed.connections} connections` : undefined,
      load: figures,
    });
  }
  return results;
}
