import "server-only";
import { IncomingMessage, type ServerResponse } from "node:http";
import type { Socket } from "node:net";

/**
 * The most of a request body the server still reads, and throws away, after answering without it:
 * a body up to this size keeps its connection for the client's next request.
 */
export const DRAIN_MAX_BYTES = 4 * 1024 * 1024;
/** How long the server waits for the rest of such a body before it closes the connection. */
const DRAIN_MAX_MS = 30_000;
/**
 * The most of a body answered with `Connection: close` that the server reads and throws away while
 * the client, told to leave, is still sending it; past it the connection is reset.
 */
const LINGER_MAX_BYTES = 64 * 1024 * 1024;
/** How long a connection answered with `Connection: close` waits for the client to close it, once its body is read. */
const LINGER_AFTER_BODY_MS = 2_000;

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
  const lingers = !drains && !response.headersSent;
  if (lingers) {
    response.setHeader("Connection", "close");
    if (incoming.socket) lingerBeforeClosing(incoming.socket);
  }
  response.once("finish", () => discardRest(incoming, lingers));
}

/**
 * Node ends a `Connection: close` connection by destroying its socket as soon as the answer is
 * written. With the client's body still arriving, the kernel then resets the connection, and a reset
 * can throw away the answer before the client has read it: the client sees a broken connection
 * instead of its 401 or 413. So this socket only half-closes after the answer (the client reads it,
 * then closes its side, as told), while discardRest reads on; it is destroyed once both sides are
 * done, or when discardRest gives up.
 */
function lingerBeforeClosing(socket: Socket) {
  socket.destroySoon = function (this: Socket) {
    if (this.writable) this.end();
  };
}

/** Destroys a half-closed socket whose client has not closed its side within LINGER_AFTER_BODY_MS. */
function closeSoon(socket: Socket | null) {
  if (!socket || socket.destroyed) return;
  const timer = setTimeout(() => socket.destroy(), LINGER_AFTER_BODY_MS);
  timer.unref();
  socket.once("close", () => clearTimeout(timer));
}

/**
 * Reads what is left of the body and throws it away, up to DRAIN_MAX_BYTES (LINGER_MAX_BYTES after
 * `Connection: close`) and DRAIN_MAX_MS. Reading on keeps the unread bytes from turning the close
 * into a reset that could cut the answer off at the client.
 */
function discardRest(incoming: IncomingMessage, lingers: boolean) {
  if (incoming.complete || incoming.destroyed) {
    if (lingers) closeSoon(incoming.socket);
    return;
  }
  const maxBytes = lingers ? LINGER_MAX_BYTES : DRAIN_MAX_BYTES;
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
    if (bytes > maxBytes) stop();
  };
  const timer = setTimeout(stop, DRAIN_MAX_MS);
  timer.unref();
  incoming.on("data", count);
  incoming.once("end", () => {
    clearTimeout(timer);
    if (lingers) closeSoon(incoming.socket);
  });
  incoming.once("close", () => clearTimeout(timer));
  incoming.resume();
}
