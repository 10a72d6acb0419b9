import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { importContent } from "@/lib/server/content/import-content";
import { demoContentDir } from "@/lib/server/content/seed";
import type { Db } from "@/lib/server/db/client";
import { chapters, courseVersions, courses, essayBlocks, mcqBlocks, subChapters } from "@/lib/server/db/schema";

/** A write the learner's browser repeats while working: its statements and its time in process. */
export interface WriteCallFigures {
  call: string;
  requests: number;
  /** Statements of one request (the last one measured). */
  statements: number;
  p50Ms: number;
  p95Ms: number;
  problem?: string;
}

type Request = (method: string, path: string, token?: string, body?: unknown) => Promise<{ status: number; body: unknown }>;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/** The current version's block of a demo course, by the block's slug. */
async function demoBlock(db: Db, table: typeof mcqBlocks | typeof essayBlocks, courseKey: string, slugId: string) {
  const [row] = await db
    .select({ id: table.id, courseId: courses.id })
    .from(table)
    .innerJoin(subChapters, eq(subChapters.id, table.subChapterId))
    .innerJoin(chapters, eq(chapters.id, subChapters.chapterId))
    .innerJoin(courseVersions, eq(courseVersions.id, chapters.versionId))
    .innerJoin(courses, eq(courses.id, courseVersions.courseId))
    .where(and(eq(courses.key, courseKey), eq(table.slugId, slugId), eq(courseVersions.isCurrent, true)));
  if (!row) throw new Error(`no block ${slugId} in the current version of ${courseKey}`);
  return row;
}

/** Requests made before the timed ones: the first requests of a call compile its code, and would time the compiler. */
const WARM_UP = 50;

/**
 * Times `count` sequential requests made by `next(i)`, after WARM_UP untimed ones, and counts the
 * statements of the last one through `record` (which collects the SQL run while the callback runs).
 */
async function timeRequests(
  call: string,
  count: number,
  next: (i: number) => Promise<{ status: number; body: unknown }>,
  record: <T>(run: () => Promise<T>) => Promise<{ result: T; statements: number }>,
): Promise<WriteCallFigures> {
  const times: number[] = [];
  let statements = 0;
  for (let i = 0; i < WARM_UP + count; i++) {
    const started = performance.now();
    const { result, statements: n } = await record(() => next(i));
    if (i >= WARM_UP) times.push(performance.now() - started);
    statements = n;
    if (result.status !== 200) return { call, requests: times.length, statements, p50Ms: 0, p95Ms: 0, problem: `answered ${result.status}: ${JSON.stringify(result.body)}` };
  }
  times.sort((a, b) => a - b);
  return { call, requests: count, statements, p50Ms: percentile(times, 50), p95Ms: percentile(times, 95) };
}

/**
 * The two writes of timed challenges, in process on PGlite as the demo learner: an MCQ answer (each
 * with its own idempotency key, alternating between two options) and an essay draft save (each from
 * the version the previous one made). Beside them, the bench's one-query baseline call, timed the same way.
 */
export async function measureWriteCalls(db: Db, request: Request, token: string, record: <T>(run: () => Promise<T>) => Promise<{ result: T; statements: number }>) {
  const count = 200;
  // The demo courses carry the timed blocks; the demo learner is a member of their batch.
  await importContent(db, demoContentDir());
  const baseline = await timeRequests("GET /bench/baseline", count, () => request("GET", "/bench/baseline", token), record);

  const mcq = await demoBlock(db, mcqBlocks, "cad-solidworks", "sketching-check");
  const started = await request("POST", "/course/video/mcqBlock/start", token, { courseId: mcq.courseId, mcqBlockId: mcq.id });
  const questions = (started.body as { questions?: { id: string; options: { id: string }[] }[] }).questions ?? [];
  const question = questions[0];
  const answer = question
    ? await timeRequests(
        "POST /course/video/mcq/answer",
        count,
        (i) =>
          request("POST", "/course/video/mcq/answer", token, {
            courseId: mcq.courseId,
            mcqBlockId: mcq.id,
            mcq: question.id,
            selectedOptionIds: [question.options[i % 2]!.id],
            idempotencyKey: randomUUID(),
          }),
        record,
      )
    : { call: "POST /course/video/mcq/answer", requests: 0, statements: 0, p50Ms: 0, p95Ms: 0, problem: `start answered ${started.status}` };

  const essay = await demoBlock(db, essayBlocks, "cad-solidworks", "mounting-bracket-design");
  const opened = await request("POST", "/course/video/essayBlock/start", token, { courseId: essay.courseId, essayBlockId: essay.id });
  let version = (opened.body as { draftVersion?: number }).draftVersion ?? 0;
  let text = "The bracket is an L of 4 mm steel plate.";
  const save = await timeRequests(
    "POST /course/video/essayBlock/submit (draft)",
    count,
    async (i) => {
      text += ` Sentence ${i}.`;
      const res = await request("POST", "/course/video/essayBlock/submit", token, {
        courseId: essay.courseId,
        essayBlockId: essay.id,
        essayAnswer: text,
        isFinalSubmission: false,
        baseDraftVersion: version,
        idempotencyKey: randomUUID(),
      });
      version = (res.body as { draftVersion?: number }).draftVersion ?? version;
      return res;
    },
    record,
  );
  return { baseline, calls: [answer, save] };
}
