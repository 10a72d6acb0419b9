import "server-only";
import type { ServerResponse } from "node:http";
import { getRequestListener, type Http2Bindings, type HttpBindings } from "@hono/node-server";
import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import { builtAnswer } from "./answers";
import { settleUnreadBody } from "./unread-body";

type Fetch = (request: Request, env: HttpBindings | Http2Bindings) => Response | Promise<Response>;

/**
 * A Node request listener for the API inside Next (pages/api/[[...route]].ts), through the adapter the
 * standalone server uses. Next's pages check their answers against Node's own Request and Response,
 * so the adapter may not put its lighter ones in their place (`overrideGlobalObjects: false`). Two
 * consequences:
 * - Its lighter request is not a Request Node's constructor accepts, and middleware that rebuilds a
 *   request from it (Hono's body limit does, for a body sent without a length: a DELETE without a
 *   body, a chunked upload) would fail. A request that may carry a body is therefore handed on as a
 *   real Request; GET and HEAD, most of the traffic, keep the lighter path.
 * - The adapter reads a real Response's body as a stream, and waits a timer turn when the stream
 *   has not answered within two microtasks: up to a millisecond more per answer. An answer a route
 *   built whole (answers.ts, jsonAnswer) is written here from what it was built from instead.
 */
export function nodeListener(fetch: Fetch) {
  return getRequestListener(
    async (request: Request, env: HttpBindings | Http2Bindings) => {
      const answer = await fetch(
        request.method === "GET" || request.method === "HEAD"
          ? request
          : new Request(request.url, { method: request.method, headers: request.headers, body: request.body, signal: request.signal, duplex: "half" } as RequestInit),
        // Node's request and response: the API reads the caller's address from its socket (client-ip.ts).
        env,
      );
      settleUnreadBody(env.incoming, env.outgoing);
      const built = builtAnswer(answer);
      if (!built) return answer;
      const length = typeof built.body === "string" ? Buffer.byteLength(built.body) : built.body.byteLength;
      // Next serves HTTP/1.1: its response is Node's ServerResponse.
      const outgoing = env.outgoing as ServerResponse;
      outgoing.writeHead(built.status, { ...built.headers, "Content-Length": String(length) });
      outgoing.end(built.body);
      return RESPONSE_ALREADY_SENT;
    },
    // A body the API did not read is settled here (unread-body.ts); the adapter's own clean-up would
    // close the connection under the client after half a second instead.
    { overrideGlobalObjects: false, autoCleanupIncoming: false },
  );
}

/**
 * The API's request listener as its own server (standalone.ts): the adapter's lighter Request and
 * Response stand in for Node's, as in `serve`, and a body the API did not read is settled as above.
 */
export function standaloneListener(fetch: Fetch) {
  return getRequestListener(
    async (request: Request, env: HttpBindings | Http2Bindings) => {
      const answer = await fetch(request, env);
      settleUnreadBody(env.incoming, env.outgoing);
      return answer;
    },
    { autoCleanupIncoming: false },
  );
}
