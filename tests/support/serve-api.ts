import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import type { TestApi } from "./api";

/** Serves a test API over real HTTP on a free local port, recording the status of every answer. */
export async function serveOverHttp(t: TestApi) {
  const statuses: number[] = [];
  const answers: { path: string; status: number }[] = [];
  let inFlight = 0;
  const server = serve({
    fetch: async (request: Request) => {
      inFlight += 1;
      const res = await Promise.resolve(t.api.fetch(request)).finally(() => (inFlight -= 1));
      statuses.push(res.status);
      answers.push({ path: new URL(request.url).pathname, status: res.status });
      return res;
    },
    port: 0,
    hostname: "127.0.0.1",
  });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/api`,
    statuses,
    answers,
    /** Waits until every request the server has taken has been answered (a load tool may stop before). */
    idle: async () => {
      while (inFlight > 0) await new Promise((r) => setTimeout(r, 20));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
