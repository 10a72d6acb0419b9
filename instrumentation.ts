// Opens the database when the server starts (migrating it, and filling an empty dev database with
// the demo content), so the first visitor does not wait for it; starts the job workers; and makes the
// API's listener, which server.mjs serves /api with.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  // A setting the browser's code was built with, given another value at start, would split the app in two.
  const contradictions = (await import("./lib/server/build-settings")).contradictedBuildSettings();
  if (contradictions.length > 0) {
    console.error(`The server does not start: its settings contradict the build's.\n${contradictions.map((line) => `  ${line}`).join("\n")}`);
    process.exit(1);
  }
  const { getDeps, shutdownDeps } = await import("./lib/server/deps");
  await getDeps();
  // server.mjs stops taking requests first and then calls this.
  (globalThis as Record<symbol, unknown>)[Symbol.for("learning-platform.shutdown")] = shutdownDeps;
  if (!process.env.LEARNING_PLATFORM_SERVER) (await import("./lib/server/next-server-stop")).stopWithNextServer(shutdownDeps);
  (await import("./lib/server/api/app-server-listener")).publishApiListener();
  // The bare twins `npm run bench` compares the API's calls with.
  if (process.env.BENCH_TWIN_PORT) (await import("./lib/server/api/bench-twins")).startBenchTwins(getDeps, Number(process.env.BENCH_TWIN_PORT));
}
