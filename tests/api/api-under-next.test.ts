import { once } from "node:events";
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "@/lib/server/api/app";
import { nodeListener } from "@/lib/server/api/node-listener";
import { createTestApi, type TestApi } from "../support/api";

/**
 * The listener Next's API route serves the API with, on a real Node server: requests with and
 * without a body, with and without a length, reach the API as they were sent.
 */
let t: TestApi;
let server: Server;
let port: number;

beforeAll(async () => {
  t = await createTestApi();
  server = createServer(nodeListener(createApi(async () => t.deps, { compresses: true }).fetch));
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.close();
  await t.close();
});

function send(method: string, path: string, options: { body?: string; chunked?: boolean; headers?: Record<string, string> } = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const headers = { "content-type": "application/json", ...(options.chunked ? { "transfer-encoding": "chunked" } : {}), ...options.headers };
    const req = httpRequest({ host: "127.0.0.1", port, path, method, headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

describe("the API behind Next's route listener", () => {
  it("answers a DELETE sent without a body, and a body sent in chunks without a length", async () => {
    const unknown = await send("DELETE", "/api/no/such/call");
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body).message).toBe("No API call DELETE /api/no/such/call.");

    // A sign-in link asked for with a chunked body: the API reads the body and names what is wrong.
    const chunked = await send("POST", "/api/auth/login/invite", { body: JSON.stringify({ value: "not an e-mail" }), chunked: true });
    expect(chunked.status).toBe(400);
    expect(JSON.parse(chunked.body).message).toMatch(/^value: /);
  });

  it("refuses a chunked body over the API's limit with 413, naming the limit", async () => {
    const big = await send("POST", "/api/auth/login/invite", { body: JSON.stringify({ value: `${"a".repeat(1_100_000)}@example.com` }), chunked: true });
    expect(big.status).toBe(413);
    expect(JSON.parse(big.body).message).toBe("The request body is larger than 1 MB.");
  });
});
