import type { Server } from "node:http";

export interface TrackedRequests {
  /** How many requests are being answered now. */
  inFlight(): number;
  /** Stops taking connections and resolves once every request in flight is answered or cut. */
  stop(options: { timeoutMs: number; hurry?: AbortSignal }): Promise<{ finished: number; cut: number }>;
}

export function trackRequests(server: Server): TrackedRequests;
export function onStopSignals(shutdown: (hurry: AbortSignal) => Promise<void>): void;
