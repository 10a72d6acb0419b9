import type { IncomingMessage, ServerResponse } from "node:http";

export interface HandedOverApp {
  /** The API's request listener, for /api and below. */
  api: (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;
  /** Stops the job workers (running jobs finished or handed back) and closes the database. */
  shutdown: (options: { timeoutMs: number; hurry?: AbortSignal }) => Promise<void>;
}

export function handOver(app: HandedOverApp): void;
export function handedOver(): HandedOverApp | undefined;
