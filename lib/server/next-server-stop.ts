import "server-only";

const log = (level: "info" | "warn", msg: string, fields: Record<string, unknown> = {}) => console.log(JSON.stringify({ level, msg, pid: process.pid, ...fields }));

/**
 * Stopping under `next start` and `next dev`, whose server is Next's own. On SIGTERM or SIGINT Next
 * closes its server, waits for the requests in flight (`next dev` cuts them) and then calls
 * process.exit with 128 + the signal's number. The app's part comes at that exit, after Next's last
 * request: the job workers stop (running jobs finished or handed back), the database closes, and the
 * process exits with 0 (it stopped as asked). If Next has not exited within `boundMs`, the app does
 * the same on its own.
 *
 * `next dev`'s parent process kills this one 100 ms after passing the signal on unless
 * NEXT_EXIT_TIMEOUT_MS allows longer: enough to close the database, not to wait for a long request.
 */
export function stopWithNextServer(shutdown: (options: { timeoutMs: number }) => Promise<void>, boundMs = 20_000) {
  let stopping: Promise<void> | undefined;
  const exit = process.exit.bind(process);
  const stopThenExit = (code: number) => {
    stopping ??= shutdown({ timeoutMs: 10_000 }).catch((err) => console.error(JSON.stringify({ level: "error", msg: "the database did not close cleanly", err: String(err) })));
    void stopping.finally(() => exit(code));
  };
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    log("info", `${signal}: stopping after Next's requests in flight`);
    // Next calls process.exit once its server is closed; the database closes before the exit, not under a request.
    process.exit = ((code?: number | string | null) => stopThenExit(code === 130 || code === 143 || code === undefined ? 0 : Number(code))) as typeof process.exit;
    setTimeout(() => {
      log("warn", "Next's server did not stop in time; closing the database");
      stopThenExit(0);
    }, boundMs).unref();
  };
  process.once("SIGTERM", onSignal);
  process.once("SIGINT", onSignal);
}
