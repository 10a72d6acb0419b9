import { Agent, request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { expect, test } from "@playwright/test";

/**
 * `npm start` (server.mjs on the production build) keeps a client's keep-alive connection usable
 * after answering a request before reading its body: Node's own HTTP client, one connection.
 */
interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

function send(agent: Agent, url: string, method: string, options: { headers?: Record<string, string>; body?: Buffer | Buffer[] } = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const { body } = options;
    const headers = { ...options.headers, ...(Buffer.isBuffer(body) ? { "content-length": String(body.length) } : {}) };
    let answered = false;
    const req = httpRequest(url, { agent, method, headers }, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    req.setTimeout(5000, () => req.destroy(new Error("no answer within 5 s")));
    // Writing the rest of a refused body into a connection the server closed is not a failure: the answer came.
    req.on("error", (err: NodeJS.ErrnoException) => (answered && (err.code === "EPIPE" || err.code === "ECONNRESET") ? undefined : reject(err)));
    if (Array.isArray(body)) for (const part of body) req.write(part);
    else if (body) req.write(body);
    req.end();
  });
}

const megabytes = (n: number) => Buffer.alloc(Math.round(n * 1024 * 1024), "a");
const json = { "content-type": "application/json" };
const multipart = { "content-type": "multipart/form-data; boundary=x" };

const refusals = [
  { name: "JSON past the 1 MB limit", path: "/api/auth/login/invite", headers: json, body: () => megabytes(3), status: 413, closes: false },
  { name: "JSON past the limit, sent in chunks", path: "/api/auth/login/invite", headers: json, body: () => Array.from({ length: 24 }, () => megabytes(0.125)), status: 413, closes: true },
  { name: "an upload of 3 MB without a session", path: "/api/course/video/essayBlock/upload", headers: multipart, body: () => megabytes(3), status: 401, closes: false },
  { name: "an upload of 11 MB without a session", path: "/api/course/video/essayBlock/upload", headers: multipart, body: () => megabytes(11), status: 401, closes: true },
];

for (const refusal of refusals) {
  test(`after refusing ${refusal.name}, the next 20 calls on the connection are answered`, async ({ baseURL }) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const refused = await send(agent, `${baseURL}${refusal.path}`, "POST", { headers: refusal.headers, body: refusal.body() });
      expect(refused.status).toBe(refusal.status);

      const failures: string[] = [];
      for (let i = 0; i < 20; i++) {
        try {
          // Reads and writes alternating: the database answers, and a browser's log record is kept.
          const answer =
            i % 2 === 0
              ? await send(agent, `${baseURL}/api/health`, "GET")
              : await send(agent, `${baseURL}/api/log`, "POST", {
                  headers: json,
                  body: Buffer.from(JSON.stringify({ records: [{ level: "info", source: "app", message: `call ${i + 1} after a refusal`, time: new Date().toISOString() }] })),
                });
          if (answer.status !== 200) failures.push(`call ${i + 1}: ${answer.status} ${answer.body}`);
        } catch (err) {
          failures.push(`call ${i + 1}: ${(err as NodeJS.ErrnoException).code ?? ""} ${(err as Error).message}`);
        }
      }
      expect(failures).toEqual([]);
      // A body too large to read on is answered with a connection the client knows to leave.
      expect(refused.headers.connection).toBe(refusal.closes ? "close" : "keep-alive");
    } finally {
      agent.destroy();
    }
  });
}
