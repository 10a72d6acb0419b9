import { once } from "node:events";
import { Agent, createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "@/lib/server/api/app";
import { nodeListener, standaloneListener } from "@/lib/server/api/node-listener";
import { createTestApi, type TestApi } from "../support/api";

/**
 * A request the API answers before reading its body (too large, not signed in) must not break the
 * client's next request on the same keep-alive connection: on the listener Next's API route serves
 * with (`next dev`, `next start`, and `npm start`'s /api) and on the standalone API's.
 */
let t: TestApi;
let token: string;
const servers: Server[] = [];

beforeAll(async () => {
  t = await createTestApi();
  await t.createUser({ email: "uploader@example.com" });
  token = await t.signIn("uploader@example.com");
});
afterAll(async () => {
  for (const server of servers) server.close();
  await t.close();
});

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One request through `agent`; a body given as several parts is sent in chunks, without a length. */
function send(agent: Agent, origin: string, method: string, path: string, options: { headers?: Record<string, string>; body?: Buffer | Buffer[] } = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const { body } = options;
    const headers = { ...options.headers, ...(Buffer.isBuffer(body) ? { "content-length": String(body.length) } : {}) };
    let answered = false;
    const req = httpRequest(`${origin}${path}`, { agent, method, headers }, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    req.setTimeout(5000, () => req.destroy(new Error("no answer within 5 s")));
    // Writing the rest of a refused body into a closed connection is not the request's failure: its answer came.
    req.on("error", (err: NodeJS.ErrnoException) => (answered && (err.code === "EPIPE" || err.code === "ECONNRESET") ? undefined : reject(err)));
    if (Array.isArray(body)) for (const part of body) req.write(part);
    else if (body) req.write(body);
    req.end();
  });
}

/** Twenty ordinary calls after the refused one, reads and writes alternating; the reason of any that failed. */
async function ordinaryCalls(agent: Agent, origin: string) {
  const auth = { authorization: `Bearer ${token}` };
  const failures: string[] = [];
  for (let i = 0; i < 20; i++) {
    try {
      const answer =
        i % 2 === 0
          ? await send(agent, origin, "GET", "/api/user/info", { headers: auth })
          : await send(agent, origin, "POST", "/api/user/events", {
              headers: { ...auth, "content-type": "application/json", "idempotency-key": `after-refusal-${origin}-${i}-${Math.random()}` },
              body: Buffer.from(JSON.stringify({ eventName: "after-refusal" })),
            });
      if (answer.status !== 200) failures.push(`call ${i + 1}: ${answer.status} ${answer.body}`);
    } catch (err) {
      failures.push(`call ${i + 1}: ${(err as NodeJS.ErrnoException).code ?? ""} ${(err as Error).message}`);
    }
  }
  return failures;
}

const megabytes = (n: number) => Buffer.alloc(Math.round(n * 1024 * 1024), "a");
const multipart = { "content-type": "multipart/form-data; boundary=x" };

const refusals: { name: string; path: string; headers: () => Record<string, string>; body: () => Buffer | Buffer[]; status: number; message: RegExp; closes: boolean }[] = [
  {
    name: "JSON past the 1 MB limit",
    path: "/api/auth/login/invite",
    headers: () => ({ "content-type": "application/json" }),
    body: () => megabytes(3),
    status: 413,
    message: /larger than 1 MB/,
    closes: false,
  },
  {
    name: "JSON past the limit sent in chunks, without a length",
    path: "/api/auth/login/invite",
    headers: () => ({ "content-type": "application/json" }),
    body: () => Array.from({ length: 24 }, () => megabytes(0.125)),
    status: 413,
    message: /larger than 1 MB/,
    closes: true,
  },
  {
    name: "an essay attachment past the upload limit",
    path: "/api/course/video/essayBlock/upload",
    headers: () => ({ ...multipart, authorization: `Bearer ${token}` }),
    body: () => megabytes(11),
    status: 413,
    message: /10 MB/,
    closes: true,
  },
  {
    name: "an upload without a session, with a body of 3 MB",
    path: "/api/course/video/essayBlock/upload",
    headers: () => multipart,
    body: () => megabytes(3),
    status: 401,
    message: /Sign in/,
    closes: false,
  },
];

const listeners = {
  "Next's API route listener": () => nodeListener(createApi(async () => t.deps, { compresses: true }).fetch),
  "the standalone API's listener": () => standaloneListener(createApi(async () => t.deps, { compresses: true }).fetch),
};

describe.each(Object.entries(listeners))("%s", (_, makeListener) => {
  let origin: string;
  beforeAll(async () => {
    const server = createServer(makeListener());
    servers.push(server);
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  it.each(refusals)("answers every call after refusing $name", async (refusal) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const refused = await send(agent, origin, "POST", refusal.path, { headers: refusal.headers(), body: refusal.body() });
      expect(refused.status).toBe(refusal.status);
      expect(JSON.parse(refused.body).message).toMatch(refusal.message);
      expect(await ordinaryCalls(agent, origin)).toEqual([]);
      // A body too large to read on is answered with a connection the client knows to leave.
      expect(refused.headers.connection).toBe(refusal.closes ? "close" : "keep-alive");
    } finally {
      agent.destroy();
    }
  });

  it("hands the answer to a client that reads it only after sending its whole 11 MB body", async () => {
    // A client busy writing its upload reads its socket late. Were the connection reset while the
    // body is still arriving, the kernel would throw away the answer it had not read yet.
    const socket = connect(Number(new URL(origin).port), "127.0.0.1");
    await once(socket, "connect");
    socket.pause();
    const body = megabytes(11);
    const head = `POST /api/course/video/essayBlock/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: ${body.length}\r\n\r\n`;
    let writeError: string | null = null;
    socket.on("error", (err: NodeJS.ErrnoException) => (writeError ??= err.code ?? err.message));
    await new Promise<void>((resolve) => socket.write(Buffer.concat([Buffer.from(head), body]), () => resolve()));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.resume();
    await Promise.race([once(socket, "close"), new Promise((resolve) => setTimeout(resolve, 5000))]);
    socket.destroy();
    const text = Buffer.concat(chunks).toString("utf8");
    expect({ writeError, statusLine: text.split("\r\n")[0] }).toEqual({ writeError: null, statusLine: "HTTP/1.1 401 Unauthorized" });
    expect(text.toLowerCase()).toContain("connection: close");
  });
});
