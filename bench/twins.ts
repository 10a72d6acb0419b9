import "server-only";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { Deps } from "@/lib/server/deps";
import { loadLearnerCourse, type User } from "@/lib/server/domain/course-access";
import { loadVideoRow } from "@/lib/server/services/learning";
import { loadVersionTree } from "@/lib/server/domain/version-tree";
import { acceptsGzip } from "@/lib/server/api/answers";
import { EncodedJson } from "@/lib/server/encoded-json";
import { getVideoTree } from "@/lib/server/services/learning";
import { findSession } from "@/lib/server/services/sign-in";

/**
 * The bare twins of the calls `npm run bench` holds to a throughput budget: a plain node:http
 * handler per call that checks the session and runs the call's own SQL statements (through the same
 * loaders, so the same statements, prepared and cached alike), then answers with what they read as
 * JSON. No Hono, no Next, no input parsing or validation: what a call costs beyond its twin is the
 * cost of everything around its SQL. Started beside the bench's servers (api-extras.ts).
 */
const twins: Record<string, (deps: Deps, user: User, q: URLSearchParams) => Promise<unknown>> = {
  // GET /course/video/tree: the course with the learner's enrollment, batches and state revision, and
  // the tree stored for them. While those stand the call sends the tree it built before (see
  // getVideoTreeSource), so under load this is all the SQL it runs: the progress and challenges are
  // read only when the state revision moves. The twin sends the same stored bytes (the gzip of the
  // bench's 500-video course): sending them is the call's work, not the framework's.
  async "/bench/twin/tree"(deps, user, q) {
    return getVideoTree(deps, user, q.get("id") ?? "");
  },
  // GET /course/video/data for a video: the course and enrollment, the video's row, the version's tree.
  async "/bench/twin/data"(deps, user, q) {
    const learner = await loadLearnerCourse(deps, user, q.get("courseId") ?? "");
    const [row] = await Promise.all([loadVideoRow(deps, user.id, learner.course.id, q.get("id") ?? ""), loadVersionTree(deps.db, learner.versionId, learner.course.treeRevision)]);
    return { course: learner.course, enrollment: learner.enrollment, video: row };
  },
};

function answer(res: ServerResponse, status: number, body: unknown, acceptEncoding?: string) {
  if (body instanceof EncodedJson && acceptsGzip(acceptEncoding)) {
    res.writeHead(status, { "content-type": "application/json", "content-encoding": "gzip", "content-length": body.gzip.length });
    return res.end(body.gzip);
  }
  const text = body instanceof EncodedJson ? body.json : JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

async function handle(getDeps: () => Promise<Deps>, req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? "/", "http://twin");
  const twin = twins[url.pathname];
  if (!twin) return answer(res, 404, { message: `No twin at ${url.pathname}` });
  const deps = await getDeps();
  const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? "")?.[1];
  const found = token ? await findSession(deps, token) : undefined;
  if (!found) return answer(res, 401, { message: "no session" });
  answer(res, 200, await twin(deps, found.user, url.searchParams), req.headers["accept-encoding"]);
}

/** Starts the twins on 127.0.0.1:`port` beside the real server, on the same database. */
export function startTwinServer(getDeps: () => Promise<Deps>, port: number) {
  const server = createServer((req, res) => {
    handle(getDeps, req, res).catch((err: unknown) => answer(res, 500, { message: String(err) }));
  });
  server.listen(port, "127.0.0.1");
  return server;
}
