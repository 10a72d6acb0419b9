import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { getDeps } from "../deps";
import { createApi } from "./app";
import { nodeListener } from "./node-listener";

type Listener = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

/**
 * Where the app's server (server.mjs) finds the API's listener. Next builds the API into its own
 * bundle; the server, outside it, reads the one listener the bundle made, on the process's globals.
 */
const LISTENER = Symbol.for("learning-platform.api-listener");
const holder = globalThis as unknown as { [LISTENER]?: Listener };

/**
 * Makes the API's request listener and publishes it for server.mjs, which hands /api requests to it
 * before Next's router sees them. Next's API route (pages/api/[[...route]].ts) serves the requests
 * Next itself routes (`next dev`, `next start`) with one made here too. The last one made is
 * published: under `next dev` that is the API as last edited.
 */
export function publishApiListener(): Listener {
  const listener = nodeListener(createApi(getDeps, { compresses: true }).fetch) as Listener;
  holder[LISTENER] = listener;
  return listener;
}
