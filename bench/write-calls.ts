import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { importContent } from "@/lib/server/content/import-content";
import { demoContentDir } from "@/lib/server/content/seed";
import type { Db } from "@/lib/server/db/client";
import { chapters, courseVersions, courses, essayBlocks, mcqBlocks, scormItems, subChapters } from "@/lib/server/db/schema";
import { spread } from "./api-load";

/** A write the learner's browser repeats while working: its statements and its time in process. */
export interface WriteCallFigures {
  call: string;
  /** Timed requests per round. */
  requests: number;
  rounds: number;
  /** Statements of one request (the last one measured). */
  statements: number;
  /** Medians over the rounds of each round's p50 and p95, with the p95's spread. */
  p50Ms: number;
  p95Ms: number;
  p95MinMs: number;
  p95MaxMs: number;
  problem?: string;
}

/** Request headers by name (`Record` is the statement recorder here). */
type HeaderValues = { [name: string]: string };

type Request = (method: string, path: string, token?: string, body?: unknown, headers?: HeaderValues) => Promise<{ status: number; body: unknown }>;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/** The current version's block of a demo course, by the block's slug. */
export async function demoBlock(db: Db, table: typeof mcqBlocks | typeof essayBlocks, courseKey: string, slugId: string) {
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

/** A SCORM item of a course's current version, by its slug, with its course. */
export async function scormItemOf(db: Db, courseKey: string, slugId: string) {
  const [row] = await db
    .select({ id: scormItems.id, courseId: courses.id })
    .from(scormItems)
    .innerJoin(subChapters, eq(subChapters.id, scormItems.subChapterId))
    .innerJoin(chapters, eq(chapters.id, subChapters.chapterId))
    .innerJoin(courseVersions, eq(courseVersions.id, chapters.versionId))
    .innerJoin(courses, eq(courses.id, courseVersions.courseId))
    .where(and(eq(courses.key, courseKey), eq(scormItems.slugId, slugId), eq(courseVersions.isCurrent, true)));
  if (!row) throw new Error(`no SCORM item ${slugId} in the current version of ${courseKey}`);
  return row;
}

/** The demo content's SCORM item, "Bench Safety for Power Circuits" (SCORM 1.2), in Power Electronics Essentials. */
export const demoScormItem = (db: Db) => scormItemOf(db, "power-electronics", "bench-safety");

/** A learner's POST, with the extra headers it carries (an Idempotency-Key). */
type Post = (path: string, body: unknown, headers?: HeaderValues) => Promise<{ status: number; body: unknown }>;

/**
 * The whole CMI data a SCORM 1.2 package's page commits while the learner works through it, as the
 * learning page sends it (scorm-again's flattened data): still incomplete, on page `page` of 12, its
 * suspend data the answers so far, and the session's time.
 */
export function workingCmi(page: number, sessionSeconds: number): { [element: string]: string } {
  const answers = Array.from({ length: page }, (_, i) => `q${i + 1}=${"abcd"[i % 4]}`).join(";");
  const hh = String(Math.floor(sessionSeconds / 3600)).padStart(4, "0");
  const mm = String(Math.floor((sessionSeconds % 3600) / 60)).padStart(2, "0");
  const ss = String(sessionSeconds % 60).padStart(2, "0");
  return {
    "cmi.core.lesson_location": `page-${page}`,
    "cmi.core.lesson_status": "incomplete",
    "cmi.core.lesson_mode": "normal",
    "cmi.core.credit": "credit",
    "cmi.core.exit": "suspend",
    "cmi.core.score.raw": "",
    "cmi.core.score.min": "",
    "cmi.core.score.max": "",
    "cmi.core.session_time": `${hh}:${mm}:${ss}.00`,
    "cmi.suspend_data": `{"page":${page},"answers":"${answers}","visited":[${Array.from({ length: page }, (_, i) => i + 1).join(",")}]}`,
    "cmi.launch_data": "",
    "cmi.comments": "",
    "cmi.student_preference.audio": "0",
    "cmi.student_preference.language": "",
    "cmi.student_preference.speed": "0",
    "cmi.student_preference.text": "0",
  };
}

/**
 * A learner playing a SCORM item, as the learning page does: enrolled in its course first, then the
 * item opened (`POST /scorm/item/open`: a launch, and the CMI data saved so far) and the package's
 * commits (`POST /scorm/item/commit`) sent with the session the first opening gave, each with a
 * sequence above the last and its own Idempotency-Key. Each commit moves the bookmark a page on (of
 * 12, then round again), with new suspend data and a longer session: the commit a package repeats
 * while the learner works, which changes none of the item's results.
 */
export async function scormSeries(post: Post, item: { id: string; courseId: string }, record: Record): Promise<{ problem: string } | { open: Series; commit: Series }> {
  const enrolled = await post("/course/createEnrollment", { courseId: item.courseId });
  if (enrolled.status !== 200) return { problem: `POST /course/createEnrollment answered ${enrolled.status}: ${JSON.stringify(enrolled.body)}` };
  const first = await post("/scorm/item/open", { itemId: item.id });
  const sessionId = (first.body as { sessionId?: string }).sessionId;
  if (first.status !== 200 || !sessionId) return { problem: `POST /scorm/item/open answered ${first.status}: ${JSON.stringify(first.body)}` };
  let sequence = (first.body as { attempt: { sequence: number } }).attempt.sequence;
  const open = series("POST /scorm/item/open", () => post("/scorm/item/open", { itemId: item.id }), record);
  const commit = series(
    "POST /scorm/item/commit (working)",
    (i) => {
      sequence += 1;
      const seconds = 5 * (i + 1);
      return post("/scorm/item/commit", { itemId: item.id, sessionId, sequence, cmi: workingCmi((i % 12) + 1, seconds), sessionSeconds: seconds }, { "idempotency-key": randomUUID() });
    },
    record,
  );
  return { open, commit };
}

/** Requests made before the timed ones: the first requests of a call compile its code, and would time the compiler. */
const WARM_UP = 50;
/** Timed requests per round, and rounds: each call's round is taken in turn, so drift between rounds touches every call alike. */
const COUNT = 200;
export const WRITE_ROUNDS = 3;

type Send = (i: number) => Promise<{ status: number; body: unknown }>;
export type Record = <T>(run: () => Promise<T>) => Promise<{ result: T; statements: number }>;

/**
 * One call's timed requests, round after round; `send(i)` makes its i-th request of a round. A call
 * that writes a lot each time (a publish) takes fewer: `size`.
 */
export function series(call: string, send: Send, record: Record, size: { count: number; warmUp: number } = { count: COUNT, warmUp: WARM_UP }) {
  const rounds: { p50: number; p95: number }[] = [];
  let statements = 0;
  let problem: string | undefined;
  return {
    /** Times `size.count` sequential requests (after `size.warmUp` untimed ones in the first round) and counts the statements of the last one. */
    async round() {
      if (problem) return;
      const warmUp = rounds.length === 0 ? size.warmUp : 0;
      const times: number[] = [];
      for (let i = 0; i < warmUp + size.count; i++) {
        const started = performance.now();
        const { result, statements: n } = await record(() => send(i));
        if (i >= warmUp) times.push(performance.now() - started);
        statements = n;
        if (result.status !== 200) {
          problem = `answered ${result.status}: ${JSON.stringify(result.body)}`;
          return;
        }
      }
      times.sort((a, b) => a - b);
      rounds.push({ p50: percentile(times, 50), p95: percentile(times, 95) });
    },
    figures(): WriteCallFigures {
      const p95 = spread(rounds.map((r) => r.p95));
      return {
        call,
        requests: size.count,
        rounds: rounds.length,
        statements,
        p50Ms: spread(rounds.map((r) => r.p50))?.median ?? 0,
        p95Ms: p95?.median ?? 0,
        p95MinMs: p95?.min ?? 0,
        p95MaxMs: p95?.max ?? 0,
        problem,
      };
    },
  };
}

type Series = ReturnType<typeof series>;

/** Takes every call's round in turn, WRITE_ROUNDS times: drift between rounds touches every call alike. */
export async function runRounds(timed: { round: () => Promise<void> }[]) {
  for (let r = 0; r < WRITE_ROUNDS; r++) for (const call of timed) await call.round();
}

export const failed = (call: string, problem: string): WriteCallFigures => ({ call, requests: 0, rounds: 0, statements: 0, p50Ms: 0, p95Ms: 0, p95MinMs: 0, p95MaxMs: 0, problem });

/**
 * The two writes of timed challenges, in process on PGlite as the demo learner: an MCQ answer (each
 * with its own idempotency key, alternating between two options) and an essay draft save (each from
 * the version the previous one made); and the two calls of a SCORM item's play, its opening and the
 * package's commit (scormSeries). Beside them, the bench's one-query baseline call, timed the same way.
 */
export async function measureWriteCalls(db: Db, request: Request, token: string, record: Record) {
  // The demo courses carry the timed blocks; the demo learner is a member of their batch.
  await importContent(db, demoContentDir());
  const baseline = series("GET /bench/baseline", () => request("GET", "/bench/baseline", token), record);

  const mcq = await demoBlock(db, mcqBlocks, "cad-solidworks", "sketching-check");
  const started = await request("POST", "/course/video/mcqBlock/start", token, { courseId: mcq.courseId, mcqBlockId: mcq.id });
  const questions = (started.body as { questions?: { id: string; options: { id: string }[] }[] }).questions ?? [];
  const question = questions[0];
  const answer = question
    ? series(
        "POST /course/video/mcq/answer",
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
    : undefined;

  const essay = await demoBlock(db, essayBlocks, "cad-solidworks", "mounting-bracket-design");
  const opened = await request("POST", "/course/video/essayBlock/start", token, { courseId: essay.courseId, essayBlockId: essay.id });
  let version = (opened.body as { draftVersion?: number }).draftVersion ?? 0;
  const opening = "The bracket is an L of 4 mm steel plate.";
  let text = opening;
  const save = series(
    "POST /course/video/essayBlock/submit (draft)",
    async (i) => {
      // Each round writes the same texts: a sentence more with every save.
      text = i === 0 ? opening : `${text} Sentence ${i}.`;
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

  const scorm = await scormSeries((path, body, headers) => request("POST", path, token, body, headers), await demoScormItem(db), record);

  await runRounds([baseline, ...(answer ? [answer] : []), save, ...("problem" in scorm ? [] : [scorm.open, scorm.commit])]);
  return {
    baseline: baseline.figures(),
    calls: [
      answer ? answer.figures() : failed("POST /course/video/mcq/answer", `start answered ${started.status}`),
      save.figures(),
      ...("problem" in scorm ? [failed("POST /scorm/item/open", scorm.problem), failed("POST /scorm/item/commit (working)", scorm.problem)] : [scorm.open.figures(), scorm.commit.figures()]),
    ],
  };
}
