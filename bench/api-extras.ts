import type { Hono } from "hono";
import type { ApiEnv } from "@/lib/server/api/route";
import { authenticate } from "@/lib/server/api/route";
import type { Deps } from "@/lib/server/deps";
import { startTwinServer } from "./twins";

/**
 * What the bench's servers serve beside the product's API, and only they: the bench's build of the
 * app (instrumentation.ts, when built with BENCH_BUILD) and its standalone API (api-server.ts).
 */

/**
 * GET /api/bench/baseline: the session check every call pays, then one raw query: the yardstick the
 * bench holds the calls' latency to.
 */
export function addBenchBaseline(app: Hono<ApiEnv>) {
  app.get("/bench/baseline", async (c) => {
    await authenticate(c);
    return c.json(await c.get("deps").database.raw("select id, email from users limit 1"));
  });
}

/** Starts the bare twins (twins.ts) on 127.0.0.1:BENCH_TWIN_PORT, on the same database, when that port is set. */
export function startBenchTwins(getDeps: () => Promise<Deps>) {
  if (process.env.BENCH_TWIN_PORT) startTwinServer(getDeps, Number(process.env.BENCH_TWIN_PORT));
}
