// Opens the database when the server starts (migrating it, and filling an empty dev database with
// the demo content), so the first visitor does not wait for it; starts the job workers; and hands
// the API's listener and the way to stop to server.mjs (lib/server/app-handoff.mjs).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  // A setting the browser's code was built with, given another value at start, would split the app in two.
  const contradictions = (await import("./lib/server/build-settings")).contradictedBuildSettings();
  if (contradictions.length > 0) {
    console.error(`The server does not start: its settings contradict the build's.\n${contradictions.map((line) => `  ${line}`).join("\n")}`);
    process.exit(1);
  }
  // A setting that cannot work (an LRS address that is not a URL, credentials without their pair) stops the start, named.
  try {
    (await import("./lib/env")).serverEnv();
  } catch (err) {
    console.error(`The server does not start: a setting cannot work.\n${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
  const { getDeps, shutdownDeps } = await import("./lib/server/deps");
  await getDeps();
  if (!process.env.LEARNING_PLATFORM_SERVER) (await import("./lib/server/next-server-stop")).stopWithNextServer(shutdownDeps);
  // The bench's build (BENCH_BUILD, fixed when it is built: next.config.ts) adds its one-query baseline
  // and starts the bare twins; any other build leaves this branch, and the bench's code, out.
  const bench = process.env.BENCH_BUILD ? await import("./bench/api-extras") : undefined;
  const { apiListener } = await import("./lib/server/api/mount");
  // server.mjs stops taking requests first and then calls `shutdown`.
  (await import("./lib/server/app-handoff.mjs")).handOver({ api: apiListener({ extend: bench?.addBenchBaseline }), shutdown: shutdownDeps });
  bench?.startBenchTwins(getDeps);
}
