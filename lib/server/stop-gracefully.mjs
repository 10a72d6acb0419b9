// How a server process of the app stops (server.mjs, the standalone API): on SIGTERM or SIGINT it
// stops taking connections, lets the requests in flight finish, then stops its share of the jobs and
// closes the database, and exits 0. Plain JavaScript, so server.mjs can use it outside Next's bundle.

import net from "node:net";

/** Set on the process's globals while it stops: the API's health check answers 503 from then on. */
const STOPPING = Symbol.for("learning-platform.stopping");

/**
 * How long a stopping process keeps taking requests, its health check failing, so that a load
 * balancer that checks it takes it out of rotation first (STOP_DRAIN_SECONDS, default 0). Closing a
 * listening socket resets the connections the system accepted for it that the process had not taken
 * yet; with a balancer that has stopped sending, there are none.
 */
function drainMs() {
  const raw = process.env.STOP_DRAIN_SECONDS;
  if (!raw) return 0;
  const seconds = Number(raw);
  if (Number.isFinite(seconds) && seconds >= 0 && seconds <= 300) return seconds * 1000;
  log("warn", `STOP_DRAIN_SECONDS must be a number of seconds from 0 to 300, not "${raw}"; stopping without a drain`);
  return 0;
}

const log = (level, msg, fields = {}) => (level === "error" ? console.error : console.log)(JSON.stringify({ level, msg, pid: process.pid, ...fields }));

/**
 * Follows the connections and requests of a Node HTTP server, so that it can be stopped without
 * failing a request. Stopping closes the listening socket (new connections are refused, which a
 * proxy may safely try elsewhere) and answers every request still in flight, and any that arrives
 * on a connection already open, with `Connection: close`, so each connection ends with its answer
 * rather than being cut under a client about to reuse it. Connections idle after an answer are
 * closed at once. A connection accepted but whose request has not been read yet is not: Node's own
 * server.close() would take it for idle and reset it, failing a request nobody refused; it is
 * answered like the others, or closed if it sends nothing for a moment. A request still running
 * after `timeoutMs`, or once `hurry` is aborted, is cut.
 */
export function trackRequests(server) {
  const inFlight = new Set();
  const sockets = new Set();
  const served = new WeakSet();
  let stoppedAt = 0;
  const lastAnswer = (res) => {
    if (!res.headersSent) res.setHeader("Connection", "close");
  };
  const busy = (socket) => [...inFlight].some((res) => res.socket === socket);
  /** Closes the connections with no request running: those that have been answered, and new ones that sent nothing in time. */
  const closeIdle = () => {
    const waitedLong = Date.now() - stoppedAt > NEW_CONNECTION_GRACE_MS;
    for (const socket of sockets) if ((served.has(socket) || waitedLong) && !busy(socket)) socket.destroy();
  };
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  server.on("request", (req, res) => {
    inFlight.add(res);
    served.add(req.socket);
    res.once("close", () => inFlight.delete(res));
    if (stoppedAt) lastAnswer(res);
  });
  return {
    inFlight: () => inFlight.size,
    async stop({ timeoutMs, hurry }) {
      globalThis[STOPPING] = true;
      stoppedAt = Date.now();
      const drain = drainMs();
      if (drain > 0 && !hurry?.aborted) {
        log("info", "stopping: the health check fails while requests are still taken", { drainMs: drain });
        await new Promise((resolve) => {
          const timer = setTimeout(resolve, drain);
          hurry?.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
        });
        stoppedAt = Date.now();
      }
      const waitingFor = inFlight.size;
      for (const res of inFlight) lastAnswer(res);
      // The listening socket only: see above for why not http.Server's close().
      const closed = new Promise((resolve) => net.Server.prototype.close.call(server, () => resolve()));
      closeIdle();
      const sweep = setInterval(closeIdle, 250);
      log("info", "stopping: no new connections; finishing the requests in flight", { requests: waitingFor, timeoutMs });
      let cut = 0;
      const cutShort = () => {
        cut = inFlight.size;
        if (cut) log("warn", "requests still running were cut", { requests: cut });
        for (const socket of sockets) socket.destroy();
      };
      const timer = setTimeout(cutShort, timeoutMs);
      hurry?.addEventListener("abort", cutShort, { once: true });
      await closed;
      clearTimeout(timer);
      clearInterval(sweep);
      hurry?.removeEventListener("abort", cutShort);
      return { finished: waitingFor - cut, cut };
    },
  };
}

/** How long a connection accepted before the stop may take to send its request. */
const NEW_CONNECTION_GRACE_MS = 2000;

/**
 * Runs `shutdown` on the first SIGTERM or SIGINT and exits 0 once it has finished (1 if it failed).
 * A later signal does not kill the process half-way (the database would be left open): it aborts the
 * signal `shutdown` was given, which cuts its remaining waits short. One Ctrl-C can arrive twice (from
 * the shell and again from npm), so a repeat within a second is taken as the same one.
 */
export function onStopSignals(shutdown) {
  const hurry = new AbortController();
  let startedAt = 0;
  const handle = (signal) => {
    if (startedAt) {
      if (Date.now() - startedAt > 1000 && !hurry.signal.aborted) {
        log("warn", `${signal} again: cutting what is still running short`);
        hurry.abort();
      }
      return;
    }
    startedAt = Date.now();
    log("info", `${signal}: stopping`);
    shutdown(hurry.signal).then(
      () => {
        log("info", "stopped");
        process.exit(0);
      },
      (err) => {
        log("error", "the process did not stop cleanly", { err: String(err) });
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", handle);
  process.on("SIGINT", handle);
}
