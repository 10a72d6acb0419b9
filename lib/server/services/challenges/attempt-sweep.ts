import "server-only";
import type { Deps } from "../../deps";
import { startAttemptSweep } from "./close-overdue-attempts";
import { SWEEP_INTERVAL_MS } from "./timing";

const holder = globalThis as unknown as { __attemptSweep?: () => void };

/** Starts this process's sweep of overdue attempts once (Next may load this module in several bundles). */
export function ensureAttemptSweep(getDeps: () => Promise<Deps>, intervalMs: number | undefined) {
  const every = intervalMs ?? SWEEP_INTERVAL_MS;
  if (holder.__attemptSweep || every === 0) return;
  holder.__attemptSweep = startAttemptSweep(getDeps, every);
}
