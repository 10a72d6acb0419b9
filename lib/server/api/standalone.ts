import { createServer } from "node:http";
import { serverEnv } from "@/lib/env";
import { getDeps } from "../deps";
import { ensureAttemptSweep } from "../services/challenges/attempt-sweep";
import { createApi } from "./app";
import { standaloneListener } from "./node-listener";

// The API as its own Node process, for when it must scale apart from the pages.
const port = serverEnv().API_PORT ?? 4000;
const deps = await getDeps();
ensureAttemptSweep(getDeps, deps.env.ATTEMPT_SWEEP_INTERVAL_MS);
// The API alone answers browsers directly; it compresses its JSON answers itself (answers.ts).
const api = createApi(getDeps, { compresses: true });
const server = createServer(standaloneListener(api.fetch));
server.listen(port, () => {
  console.log(JSON.stringify({ level: "info", msg: "API listening", url: `http://localhost:${port}/api` }));
});
if (process.env.BENCH_TWIN_PORT) {
  const { startBenchTwins } = await import("./bench-twins");
  startBenchTwins(getDeps, Number(process.env.BENCH_TWIN_PORT));
}
