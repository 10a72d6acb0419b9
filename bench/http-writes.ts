import { randomUUID } from "node:crypto";
import http from "node:http";
import { openDatabase } from "@/lib/server/db/client";
import { essayBlocks, mcqBlocks } from "@/lib/server/db/schema";
import type { VideoPlace } from "./fixtures";
import { demoBlock, demoScormItem, failed, runRounds, scormSeries, series, type Record as Counted, type WriteCallFigures } from "./write-calls";

/** The demo course's timed blocks and SCORM item the writes address, read before the server opens the database. */
export interface WriteTargets {
  mcq: { id: string; courseId: string };
  essay: { id: string; courseId: string };
  scorm: { id: string; courseId: string };
}

export async function writeTargets(target: { dir: string } | { url: string }): Promise<WriteTargets> {
  const database = await openDatabase(target);
  try {
    return {
      mcq: await demoBlock(database.db, mcqBlocks, "cad-solidworks", "sketching-check"),
      essay: await demoBlock(database.db, essayBlocks, "cad-solidworks", "mounting-bracket-design"),
      scorm: await demoScormItem(database.db),
    };
  } finally {
    await database.close();
  }
}

type Answer = { status: number; body: unknown };

/**
 * One keep-alive connection to the server, as a learner's browser holds one, through node:http: the
 * client adds as little as it can to each request's time, and the same to every call's.
 */
function connection(origin: string, token: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const { hostname, port } = new URL(origin);
  const request = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    new Promise<Answer>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = http.request(
        {
          agent,
          host: hostname,
          port,
          method,
          path: `/api${path}`,
          headers: {
            accept: "application/json",
            authorization: `Bearer ${token}`,
            ...(payload === undefined ? {} : { "content-type": "application/json", "content-length": String(Buffer.byteLength(payload)) }),
            ...headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("error", reject);
          res.on("end", () => {
            const text = Buffer.concat(chunks).toString("utf8");
            let parsed: unknown = text;
            try {
              parsed = JSON.parse(text);
            } catch {
              // not JSON
            }
            resolve({ status: res.statusCode ?? 0, body: parsed });
          });
        },
      );
      req.on("error", reject);
      req.end(payload);
    });
  return { request, close: () => agent.destroy() };
}

// Nothing to count over HTTP: the statements are counted in process (write-calls.ts).
const uncounted: Counted = async (run) => ({ result: await run(), statements: 0 });

const newKey = () => ({ "idempotency-key": randomUUID() });

/**
 * The writes a learner's browser repeats while working, over HTTP through a running server, as the
 * demo learner, one request at a time: an MCQ answer (alternating between two options), an essay
 * draft save (each from the version the previous one made), a video's watch record (the next few
 * seconds of the video each time), each with its own Idempotency-Key; and a SCORM item's opening and
 * its package's commit (scormSeries). Beside them the one-query baseline call, on the same
 * connection, in the same interleaved rounds.
 */
export async function measureHttpWrites(origin: string, token: string, targets: WriteTargets, video: VideoPlace) {
  const api = connection(origin, token);
  try {
    const baseline = series("GET /bench/baseline", () => api.request("GET", "/bench/baseline"), uncounted);

    const { mcq, essay } = targets;
    const started = await api.request("POST", "/course/video/mcqBlock/start", { courseId: mcq.courseId, mcqBlockId: mcq.id });
    const question = (started.body as { questions?: { id: string; options: { id: string }[] }[] }).questions?.[0];
    const answer = question
      ? series(
          "POST /course/video/mcq/answer",
          (i) =>
            api.request(
              "POST",
              "/course/video/mcq/answer",
              { courseId: mcq.courseId, mcqBlockId: mcq.id, mcq: question.id, selectedOptionIds: [question.options[i % 2]!.id] },
              newKey(),
            ),
          uncounted,
        )
      : undefined;

    const opened = await api.request("POST", "/course/video/essayBlock/start", { courseId: essay.courseId, essayBlockId: essay.id });
    let version = (opened.body as { draftVersion?: number }).draftVersion ?? 0;
    const opening = "The bracket is an L of 4 mm steel plate.";
    let text = opening;
    const save = series(
      "POST /course/video/essayBlock/submit (draft)",
      async (i) => {
        text = i === 0 ? opening : `${text} Sentence ${i}.`;
        const res = await api.request(
          "POST",
          "/course/video/essayBlock/submit",
          { courseId: essay.courseId, essayBlockId: essay.id, essayAnswer: text, isFinalSubmission: false, baseDraftVersion: version },
          newKey(),
        );
        version = (res.body as { draftVersion?: number }).draftVersion ?? version;
        return res;
      },
      uncounted,
    );

    const tree = await api.request("GET", `/course/video/tree?id=${encodeURIComponent(video.courseId)}`);
    const versionId = (tree.body as { versionId?: string }).versionId;
    const watch = versionId
      ? series(
          "POST /user/addVideoWatchRecord",
          (i) => {
            // Two seconds of the video's first ten, as the player reports them every few seconds.
            const from = (i * 2) % 8;
            return api.request(
              "POST",
              "/user/addVideoWatchRecord",
              {
                courseId: video.courseId,
                versionId,
                videoId: video.videoId,
                watchDuration: { timeStamp: [from, from + 1, from + 2], totalDuration: 2 },
                recordedAt: new Date().toISOString(),
              },
              newKey(),
            );
          },
          uncounted,
        )
      : undefined;

    const scorm = await scormSeries((path, body, headers) => api.request("POST", path, body, headers), targets.scorm, uncounted);

    await runRounds([baseline, ...(answer ? [answer] : []), save, ...(watch ? [watch] : []), ...("problem" in scorm ? [] : [scorm.open, scorm.commit])]);
    return {
      baseline: baseline.figures(),
      calls: [
        answer ? answer.figures() : failed("POST /course/video/mcq/answer", `start answered ${started.status}`),
        save.figures(),
        watch ? watch.figures() : failed("POST /user/addVideoWatchRecord", `the course tree answered ${tree.status}`),
        ...("problem" in scorm ? [failed("POST /scorm/item/open", scorm.problem), failed("POST /scorm/item/commit (working)", scorm.problem)] : [scorm.open.figures(), scorm.commit.figures()]),
      ],
    };
  } finally {
    api.close();
  }
}

export type HttpWriteFigures = Awaited<ReturnType<typeof measureHttpWrites>>;
export type { WriteCallFigures };
