import { createServer } from "node:http";
import { serverEnv } from "@/lib/env";
import { getDeps, shutdownDeps } from "../deps";
import { onStopSignals, trackRequests } from "../stop-gracefully.mjs";
import { createApi } from "./app";
import { standaloneListener } from "./node-listener";

// The API as its own Node process, for when it must scale apart from the pages.
const port = serverEnv().API_PORT ?? 4000;
await getDeps();
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

// On SIGTERM or SIGINT: no new connections, the requests in flight answered (for at most 10 s),
// running jobs finished or handed back, the database closed, exit 0 (stop-gracefully.mjs).
const requests = trackRequests(server);
onStopSignals(async (hurry) => {
  await requests.stop({ timeoutMs: 10_000, hurry });
  await shutdownDeps({ timeoutMs: 10_000, hurry });
});
