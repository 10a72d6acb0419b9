import "server-only";
import { IncomingMessage, type ServerResponse } from "node:http";

/**
 * The most of a request body the server still reads, and throws away, after answering without it:
 * a body up to this size keeps its connection for the client's next request.
 */
export const DRAIN_MAX_BYTES = 4 * 1024 * 1024;
/** How long the server waits for the rest of such a body before it closes the connection. */
const DRAIN_MAX_MS = 30_000;

/**
 * Keeps the connection of a request answered before its body was read (413, 401, 404, a bad form)
 * usable, or closes it cleanly. Called as the answer is about to be written.
 *
 * HTTP/1.1 sends the next request on the same connection after the body of this one, so those bytes
 * must be read off the wire first. Node reads them itself only when nothing has started reading the
 * body; here something always has: a request that may carry a body is handed to the API as a web
 * stream, which holds the body paused once its small buffer is full, and the adapter's own clean-up
 * gives up after half a second and destroys the socket. The client, told nothing, sends its next
 * request into the closed socket and that request fails.
 *
 * So: a body of a known length up to DRAIN_MAX_BYTES is read to its end after the answer and the
 * connection stays open; anything larger, or of unknown length, is answered with `Connection: close`,
 * and the client opens a new connection for its next request.
 */
export function settleUnreadBody(incoming: unknown, outgoing: unknown) {
  // HTTP/2 streams end one request only; only an HTTP/1.1 connection carries the next request.
  if (!(incoming instanceof IncomingMessage)) return;
  const response = outgoing as ServerResponse;
  // The parser has seen the whole body: the bytes that follow on the socket are the next request's.
  if (incoming.complete) return;
  const declared = Number(incoming.headers["content-length"]);
  const drains = incoming.headers["transfer-encoding"] === undefined && Number.isFinite(declared) && declared <= DRAIN_MAX_BYTES;
  if (!drains && !response.headersSent) response.setHeader("Connection", "close");
  response.once("finish", () => discardRest(incoming));
}

/**
 * Reads what is left of the body and throws it away, up to DRAIN_MAX_BYTES and DRAIN_MAX_MS. When the
 * answer said `Connection: close`, Node ends the connection after it; reading on meanwhile keeps the
 * unread bytes from turning the close into a reset that could cut the answer off at the client.
 */
function discardRest(incoming: IncomingMessage) {
  if (incoming.complete || incoming.destroyed) return;
  // What Node itself does with a body nobody reads: whoever started reading it (the web stream) lets go.
  incoming.removeAllListeners("data");
  let bytes = 0;
  const stop = () => {
    clearTimeout(timer);
    incoming.off("data", count);
    incoming.socket?.destroy();
  };
  const count = (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes > DRAIN_MAX_BYTES) stop();
  };
  const timer = setTimeout(stop, DRAIN_MAX_MS);
  timer.unref();
  incoming.on("data", count);
  incoming.once("end", () => clearTimeout(timer));
  incoming.once("close", () => clearTimeout(timer));
  incoming.resume();
}
