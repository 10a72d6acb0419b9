import "server-only";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { serverEnv } from "@/lib/env";
import { getDeps, shutdownDeps } from "../deps";
import { onStopSignals, trackRequests } from "../stop-gracefully.mjs";
import { createApi, type ApiOptions } from "./app";
import { nodeListener, standaloneListener } from "./node-listener";

export type Listener = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

/**
 * The API's request listener beside Next: for server.mjs (handed over by instrumentation.ts) and for
 * Next's own API route (pages/api/[[...route]].ts). Both servers send on the Content-Encoding the API
 * sets, so it compresses its JSON answers itself (answers.ts).
 */
export function apiListener(options: Omit<ApiOptions, "compresses"> = {}): Listener {
  return nodeListener(createApi(getDeps, { ...options, compresses: true }).fetch) as Listener;
}

/**
 * The API as its own Node process (`npm run start:api`), for when it must scale apart from the pages.
 * On SIGTERM or SIGINT: no new connections, the requests in flight answered (for at most 10 s),
 * running jobs finished or handed back, the database closed, exit 0 (stop-gracefully.mjs).
 */
export async function startStandaloneApi(options: Omit<ApiOptions, "compresses"> = {}) {
  const port = serverEnv().API_PORT ?? 4000;
  await getDeps();
  const server = createServer(standaloneListener(createApi(getDeps, { ...options, compresses: true }).fetch));
  server.listen(port, () => {
    console.log(JSON.stringify({ level: "info", msg: "API listening", url: `http://localhost:${port}/api` }));
  });
  const requests = trackRequests(server);
  onStopSignals(async (hurry) => {
    await requests.stop({ timeoutMs: 10_000, hurry });
    await shutdownDeps({ timeoutMs: 10_000, hurry });
  });
  return server;
}
