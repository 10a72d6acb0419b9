// The app's production server (`npm start`, after `npm run build`): Next serves the pages, and /api
// requests go straight to the API's request listener, in the same process and on the same database
// connection as the pages. Next's router would add CPU time to every API call, a large share of a
// short call's (docs/architecture.md, "How /api is served").
//
// Options as `next start`'s: -p/--port (else PORT, else 3000) and -H/--hostname (else every interface).
import { createServer } from "node:http";
import { handedOver } from "./lib/server/app-handoff.mjs";
import { onStopSignals, trackRequests } from "./lib/server/stop-gracefully.mjs";

function option(short, long) {
  const args = process.argv.slice(2);
  const at = args.findIndex((arg) => arg === short || arg === long);
  if (at >= 0) return args[at + 1];
  const inline = args.find((arg) => arg.startsWith(`${long}=`));
  return inline?.slice(long.length + 1);
}

const port = Number(option("-p", "--port") ?? process.env.PORT ?? 3000);
const hostname = option("-H", "--hostname");
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`server.mjs: the port must be a whole number from 0 to 65535, not "${option("-p", "--port") ?? process.env.PORT}".`);
  process.exit(1);
}

// Next reads NODE_ENV as it loads; this server runs production builds only.
process.env.NODE_ENV = "production";
// Tells the app's start-up (instrumentation.ts) that this server handles the stop signals.
process.env.LEARNING_PLATFORM_SERVER = "1";
const { default: next } = await import("next");
const app = next({ dev: false, dir: import.meta.dirname, hostname, port });
const handleWithNext = app.getRequestHandler();
await app.prepare();

// Next's start (app.prepare) runs instrumentation.ts, which hands over the API's listener and the
// app's shutdown, on the pages' database (lib/server/app-handoff.mjs).
const isApiPath = (url) => url === "/api" || url.startsWith("/api/") || url.startsWith("/api?");

const server = createServer((req, res) => {
  const api = handedOver()?.api;
  // Were nothing handed over, Next would route /api to the same API (pages/api/[[...route]].ts).
  if (api && isApiPath(req.url ?? "")) api(req, res);
  else handleWithNext(req, res);
});
server.on("error", (err) => {
  console.error(`server.mjs: ${err.message}`);
  process.exit(1);
});
server.listen(port, hostname, () => {
  const address = server.address();
  const shown = typeof address === "object" && address ? address.port : port;
  console.log(JSON.stringify({ level: "info", msg: "App listening", url: `http://${hostname ?? "localhost"}:${shown}` }));
});

// On SIGTERM or SIGINT: no new connections, the requests in flight answered (for at most 10 s, each
// with `Connection: close`), then the app's job workers stopped (running jobs finished or handed back)
// and its database closed, and exit 0 (lib/server/stop-gracefully.mjs).
const requests = trackRequests(server);
onStopSignals(async (hurry) => {
  await requests.stop({ timeoutMs: 10_000, hurry });
  await handedOver()?.shutdown({ timeoutMs: 10_000, hurry });
});
