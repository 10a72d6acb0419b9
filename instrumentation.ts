// Opens the database when the server starts (migrating it, and filling an empty dev database with
// the demo content), so the first visitor does not wait for it; starts the sweep that closes timed
// attempts past their deadline; and makes the API's listener, which server.mjs serves /api with.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  // A setting the browser's code was built with, given another value at start, would split the app in two.
  const contradictions = (await import("./lib/server/build-settings")).contradictedBuildSettings();
  if (contradictions.length > 0) {
    console.error(`The server does not start: its settings contradict the build's.\n${contradictions.map((line) => `  ${line}`).join("\n")}`);
    process.exit(1);
  }
  const { getDeps } = await import("./lib/server/deps");
  const deps = await getDeps();
  const { ensureAttemptSweep } = await import("./lib/server/services/challenges/attempt-sweep");
  ensureAttemptSweep(getDeps, deps.env.ATTEMPT_SWEEP_INTERVAL_MS);
  (await import("./lib/server/api/app-server-listener")).publishApiListener();
  // The bare twins `npm run bench` compares the API's calls with.
  if (process.env.BENCH_TWIN_PORT) (await import("./lib/server/api/bench-twins")).startBenchTwins(getDeps, Number(process.env.BENCH_TWIN_PORT));
}
