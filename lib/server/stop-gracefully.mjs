// How a server process of the app stops (server.mjs, the standalone API): on SIGTERM or SIGINT it
// stops taking connections, lets the requests in flight finish, then stops its share of the jobs and
// closes the database, and exits 0. Plain JavaScript, so server.mjs can use it outside Next's bundle.

const log = (level, msg, fields = {}) => (level === "error" ? console.error : console.log)(JSON.stringify({ level, msg, pid: process.pid, ...fields }));

/**
 * Follows the requests a Node HTTP server is answering, so that it can be stopped without failing
 * one. Stopping closes the listening socket (new connections are refused, which a proxy may safely
 * try elsewhere), closes the idle keep-alive connections, answers every request still in flight, and
 * any that arrives on a connection already open, with `Connection: close` so that each connection
 * ends with its answer instead of being cut under a client about to reuse it. A request still running
 * after `timeoutMs`, or once `hurry` is aborted, is cut.
 */
export function trackRequests(server) {
  const inFlight = new Set();
  let stopping = false;
  const lastAnswer = (res) => {
    if (!res.headersSent) res.setHeader("Connection", "close");
  };
  server.on("request", (_req, res) => {
    inFlight.add(res);
    res.once("close", () => inFlight.delete(res));
    if (stopping) lastAnswer(res);
  });
  return {
    inFlight: () => inFlight.size,
    async stop({ timeoutMs, hurry }) {
      stopping = true;
      const waitingFor = inFlight.size;
      for (const res of inFlight) lastAnswer(res);
      const closed = new Promise((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      log("info", "stopping: no new connections; finishing the requests in flight", { requests: waitingFor, timeoutMs });
      let cut = 0;
      const cutShort = () => {
        cut = inFlight.size;
        if (cut) log("warn", "requests still running were cut", { requests: cut });
        server.closeAllConnections();
      };
      const timer = setTimeout(cutShort, timeoutMs);
      hurry?.addEventListener("abort", cutShort, { once: true });
      await closed;
      clearTimeout(timer);
      hurry?.removeEventListener("abort", cutShort);
      return { finished: waitingFor - cut, cut };
    },
  };
}

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
