import "server-only";
import { getRequestListener } from "@hono/node-server";

type Fetch = (request: Request) => Response | Promise<Response>;

/**
 * A Node request listener for the API inside Next (pages/api/[[...route]].ts), through the adapter the
 * standalone server uses. Next's pages check their answers against Node's own Request and Response,
 * so the adapter may not put its lighter ones in their place (`overrideGlobalObjects: false`); its
 * lighter request then is not a Request Node's constructor accepts, and middleware that rebuilds a
 * request from it (Hono's body limit does, for a body sent without a length: a DELETE without a body,
 * a chunked upload) would fail. A request that may carry a body is therefore handed on as a real
 * Request; GET and HEAD, most of the traffic, keep the lighter path.
 */
export function nodeListener(fetch: Fetch) {
  const withRealBody = (request: Request) =>
    request.method === "GET" || request.method === "HEAD"
      ? fetch(request)
      : fetch(new Request(request.url, { method: request.method, headers: request.headers, body: request.body, signal: request.signal, duplex: "half" } as RequestInit));
  return getRequestListener(withRealBody, { overrideGlobalObjects: false });
}
