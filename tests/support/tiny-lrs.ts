import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export interface TinyLrsOptions {
  username: string;
  password: string;
  /** How many of its first statement requests it answers 503 (down for maintenance). */
  unavailableFor?: number;
  /** Statements it refuses with this answer (400 and a reason), by a test on the statement. */
  refuse?: (statement: Record<string, unknown>) => { status: number; body: string } | null;
}

export interface LrsRequest {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  status: number;
}

/**
 * A Learning Record Store small enough to read: PUT /statements?statementId= (and POST /statements)
 * with HTTP Basic auth and X-Experience-API-Version 1.0.x. It keeps each statement once by id, as an
 * LRS must (a second PUT of the same id answers 204 and stores nothing more), and counts every request.
 */
export async function startTinyLrs(options: TinyLrsOptions) {
  const stored = new Map<string, Record<string, unknown>>();
  /** Every statement it stored, in order: a statement stored twice would be here twice. */
  const arrivals: Record<string, unknown>[] = [];
  const requests: LrsRequest[] = [];
  let unavailable = options.unavailableFor ?? 0;
  const expected = `Basic ${Buffer.from(`${options.username}:${options.password}`).toString("base64")}`;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const answer = (status: number, body = "") => {
        requests.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, status });
        res.writeHead(status, { "content-type": "text/plain", "x-experience-api-version": "1.0.3" }).end(body);
      };
      const url = new URL(req.url ?? "/", "http://lrs");
      if (url.pathname !== "/xapi/statements") return answer(404, "no such resource");
      if (req.headers.authorization !== expected) return answer(401, "credentials refused");
      if (!/^1\.0\.\d+$/.test(String(req.headers["x-experience-api-version"] ?? ""))) return answer(400, "X-Experience-API-Version header missing or not 1.0.x");
      if (unavailable > 0) {
        unavailable -= 1;
        return answer(503, "down for maintenance");
      }
      let statement: Record<string, unknown>;
      try {
        statement = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        return answer(400, "body is not JSON");
      }
      const id = req.method === "PUT" ? url.searchParams.get("statementId") : (statement.id as string | undefined);
      if (!id || (statement.id !== undefined && statement.id !== id)) return answer(400, "statementId does not match the statement's id");
      const refused = options.refuse?.(statement);
      if (refused) return answer(refused.status, refused.body);
      if (stored.has(id)) return answer(JSON.stringify(stored.get(id)) === JSON.stringify(statement) ? 204 : 409, "");
      stored.set(id, statement);
      arrivals.push(statement);
      return answer(req.method === "PUT" ? 204 : 200, req.method === "PUT" ? "" : JSON.stringify([id]));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}/xapi`,
    arrivals,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
