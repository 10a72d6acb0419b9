/** Whether the run's file filters (none: every file) take in tests/reliability. */
function runsReliability(argv: string[]) {
  const filters = argv.slice(2).filter((a) => !a.startsWith("-") && a !== "run");
  return filters.length === 0 || filters.some((f) => f.startsWith("tests/reliability") || "tests/reliability".startsWith(f.replace(/\/$/, "")));
}

/**
 * Vitest's global setup: after a run that skipped the reliability suites (no RELIABILITY=1), says
 * how to run them, so a skipped suite is never mistaken for a passed one.
 */
export default function reliabilityNotice() {
  return () => {
    if (process.env.RELIABILITY === "1" || !runsReliability(process.argv)) return;
    console.log(
      "\nThe reliability suites were skipped (a PostgreSQL restart under writing clients, two API processes on one database, a 30 s load test, operator commands against a running server's embedded database, backups restored and compared). Run them with:\n" +
        "  RELIABILITY=1 DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx vitest run tests/reliability\n" +
        "(the restart suite restarts the local PostgreSQL server: run it alone; see the README's Commands).\n",
    );
  };
}
