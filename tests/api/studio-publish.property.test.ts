import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enrollInCourse } from "@/lib/contract/calls/catalogue";
import * as calls from "@/lib/contract/calls/studio-content";
import { essayAttempts, essayBlocks, mcqAttempts, mcqBlocks, videoProgress, videos } from "@/lib/server/db/schema";
import { changeCourseVersion } from "@/lib/server/services/catalogue/change-course-version";
import { createTestApi, type TestApi } from "../support/api";
import { itemsOf, learnerActions } from "../support/learner-actions";

/**
 * Publishing never loses a learner's work. Random courses are built and published in the studio,
 * learners do random things on them (watch parts of videos, submit quizzes, start or submit essays),
 * authors make random edits to the draft (add, move, rename, delete items), and the draft is published
 * again. Then: learners on the old version see exactly what they saw before, every row of their
 * progress is still there, and a learner moved to the new version finds their progress on every item
 * that kept its stable id.
 */

let t: TestApi;
let author: string;
let run = 0;

beforeAll(async () => {
  t = await createTestApi();
  await t.createUser({ email: "author@example.com", role: "author" });
  author = await t.signIn("author@example.com");
});
afterAll(() => t.close());

type Kind = "video" | "mcqBlock" | "essayBlock";
type Outline = { revision: number; chapters: { id: string; subChapters: { id: string; items: { id: string; kind: Kind; title: string }[] }[] }[] };

const fieldsFor = (kind: Kind, title: string) =>
  kind === "video"
    ? { kind, title, provider: "youtube", source: "dQw4w9WgXcQ", durationSeconds: 120 }
    : kind === "mcqBlock"
      ? { kind, title, durationInMinutes: 5, questions: [{ question: "Pick a", mark: 1, options: [{ value: "a", correct: true }, { value: "b" }] }] }
      : { kind, title, question: "Explain.", durationInMinutes: 30, criteria: [{ name: "Clarity", marks: 5 }] };

async function ok<T = any>(res: Promise<{ status: number; body: any }>): Promise<T> {
  const r = await res;
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as T;
}

/** Adds a filled-in item; answers the outline after it and the item's id. */
async function addItem(courseId: string, revision: number, subId: string, kind: Kind, title: string) {
  const added = await ok<Outline & { id: string }>(t.call(calls.addOutlineNode, { token: author, body: { courseId, revision, kind, title, parentId: subId } }));
  const filled = await ok<{ revision: number }>(t.call(calls.updateOutlineItem, { token: author, body: { courseId, revision: added.revision, id: added.id, fields: fieldsFor(kind, title) } }));
  return { id: added.id, revision: filled.revision };
}

const kind = fc.constantFrom<Kind>("video", "mcqBlock", "essayBlock");
const activity = fc.record({ watchTo: fc.integer({ min: 0, max: 120 }), challenge: fc.constantFrom("none", "start", "submit") });
const edit = fc.oneof(
  fc.record({ op: fc.constant("add" as const), kind, sub: fc.nat() }),
  fc.record({ op: fc.constant("move" as const), item: fc.nat(), sub: fc.nat(), index: fc.nat() }),
  fc.record({ op: fc.constant("rename" as const), item: fc.nat() }),
  fc.record({ op: fc.constant("delete" as const), item: fc.nat() }),
);
const scenario = fc.record({
  kinds: fc.array(kind, { minLength: 2, maxLength: 6 }),
  learners: fc.array(fc.array(activity, { minLength: 6, maxLength: 6 }), { minLength: 1, maxLength: 2 }),
  edits: fc.array(edit, { minLength: 1, maxLength: 8 }),
});

/** Every progress row of the course's learners, named by the item's stable id so versions can be compared. */
async function progressRows(courseId: string) {
  const [watched, quizzes, essays] = await Promise.all([
    t.db
      .select({ userId: videoProgress.userId, versionId: videoProgress.versionId, slugId: videos.slugId, seconds: videoProgress.watchedSeconds, completedAt: videoProgress.completedAt })
      .from(videoProgress)
      .innerJoin(videos, eq(videos.id, videoProgress.videoId))
      .where(eq(videoProgress.courseId, courseId)),
    t.db
      .select({ userId: mcqAttempts.userId, versionId: mcqAttempts.versionId, slugId: mcqBlocks.slugId, status: mcqAttempts.status, score: mcqAttempts.obtainedScore })
      .from(mcqAttempts)
      .innerJoin(mcqBlocks, eq(mcqBlocks.id, mcqAttempts.blockId))
      .where(eq(mcqAttempts.courseId, courseId)),
    t.db
      .select({ userId: essayAttempts.userId, versionId: essayAttempts.versionId, slugId: essayBlocks.slugId, status: essayAttempts.status, answer: essayAttempts.answer })
      .from(essayAttempts)
      .innerJoin(essayBlocks, eq(essayBlocks.id, essayAttempts.blockId))
      .where(eq(essayAttempts.courseId, courseId)),
  ]);
  const sort = <T extends { userId: string; slugId: string }>(rows: T[]) => rows.sort((a, b) => (a.userId + a.slugId).localeCompare(b.userId + b.slugId));
  return { watched: sort(watched), quizzes: sort(quizzes), essays: sort(essays) };
}

describe("publishing a new version", () => {
  it("keeps every learner's progress, on the old version and on unchanged items of the new one", { timeout: 240_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        run += 1;
        const slugId = `prop-${run}`;
        // The first version: one chapter of two sub-chapters, the items shared out between them.
        const created = await ok<{ courseId: string; revision: number }>(
          t.call(calls.createCourse, { token: author, body: { slugId, name: `Property ${run}`, domain: "Civil", courseType: "nonMandatory", price: null, isPremium: false } }),
        );
        const { courseId } = created;
        let outline = await ok<Outline & { id: string }>(t.call(calls.addOutlineNode, { token: author, body: { courseId, revision: created.revision, kind: "chapter", title: "Chapter" } }));
        const chapterId = outline.id;
        const subs: string[] = [];
        for (const title of ["Part A", "Part B"]) {
          outline = await ok(t.call(calls.addOutlineNode, { token: author, body: { courseId, revision: outline.revision, kind: "subChapter", title, parentId: chapterId } }));
          subs.push(outline.id);
        }
        let revision = outline.revision;
        for (const [i, k] of s.kinds.entries()) revision = (await addItem(courseId, revision, subs[i % 2]!, k, `Item ${i}`)).revision;
        await ok(t.call(calls.publishCourse, { token: author, body: { courseId, revision, versionName: "v1" } }));

        // Learners enroll on v1 and do random things.
        const actions = learnerActions(t);
        const learners: { token: string; id: string }[] = [];
        for (const [li, plan] of s.learners.entries()) {
          const email = `learner-${run}-${li}@example.com`;
          const user = await t.createUser({ email });
          const token = await t.signIn(email);
          learners.push({ token, id: user.id });
          await ok(t.call(enrollInCourse, { token, body: { courseId } }));
          const tree = await actions.tree(token, courseId);
          for (const [ii, item] of itemsOf(tree).entries()) {
            const act = plan[ii % plan.length]!;
            if (item.type === "video") {
              if (act.watchTo >= 2) await actions.watch(token, tree, item, 0, act.watchTo);
            } else if (act.challenge !== "none") {
              const quiz = item.type === "mcqBlock";
              await (quiz ? actions.startQuiz(token, tree, item) : actions.startEssay(token, tree, item));
              if (act.challenge === "submit") await (quiz ? actions.submitQuiz(token, tree, item) : actions.submitEssay(token, tree, item));
            }
          }
        }
        const treesBefore = await Promise.all(learners.map((l) => actions.tree(l.token, courseId)));
        const before = await progressRows(courseId);

        // Random edits to the draft, then v2.
        let draft = await ok<Outline>(t.call(calls.getCourseOutline, { token: author, query: { courseId } }));
        const itemIds = () => draft.chapters.flatMap((c) => c.subChapters.flatMap((sc) => sc.items.map((i) => i.id)));
        for (const [ei, e] of s.edits.entries()) {
          const ids = itemIds();
          const pick = (n: number) => ids[n % Math.max(ids.length, 1)];
          if (e.op === "add") {
            await addItem(courseId, draft.revision, subs[e.sub % 2]!, e.kind, `Added ${ei}`);
          } else if (!ids.length) {
            continue;
          } else if (e.op === "move") {
            await ok(t.call(calls.moveOutlineNode, { token: author, body: { courseId, revision: draft.revision, id: pick(e.item), parentId: subs[e.sub % 2], index: e.index % 5 } }));
          } else if (e.op === "rename") {
            await ok(t.call(calls.renameOutlineNode, { token: author, body: { courseId, revision: draft.revision, id: pick(e.item), title: `Renamed ${ei}` } }));
          } else {
            await ok(t.call(calls.deleteOutlineNode, { token: author, body: { courseId, revision: draft.revision, id: pick(e.item), confirm: true } }));
          }
          draft = await ok<Outline>(t.call(calls.getCourseOutline, { token: author, query: { courseId } }));
        }
        // A sub-chapter emptied by the edits cannot be published: give it an item.
        for (const sc of draft.chapters[0]!.subChapters.filter((x) => !x.items.length)) await addItem(courseId, draft.revision, sc.id, "video", "Filler").then(async () => {
          draft = await ok<Outline>(t.call(calls.getCourseOutline, { token: author, query: { courseId } }));
        });
        const v2 = await ok<{ versionId: string }>(t.call(calls.publishCourse, { token: author, body: { courseId, revision: draft.revision, versionName: "v2" } }));

        // Learners on v1 keep it, exactly as it was, and no row of their progress is gone.
        expect(await Promise.all(learners.map((l) => actions.tree(l.token, courseId)))).toEqual(treesBefore);
        expect(await progressRows(courseId)).toEqual(before);

        // Moved to v2, each learner finds their progress on every item that kept its stable id.
        const kept = new Set(itemIds());
        for (const l of learners) await changeCourseVersion(t.db, { userId: l.id, courseId, versionId: v2.versionId, now: t.deps.now() });
        const after = await progressRows(courseId);
        const withoutVersion = <T extends { versionId: string }>(r: T) => Object.fromEntries(Object.entries(r).filter(([k]) => k !== "versionId"));
        const onV2 = <T extends { slugId: string; versionId: string }>(rows: T[]) => rows.filter((r) => r.versionId === v2.versionId).map(withoutVersion);
        const expected = <T extends { slugId: string; versionId: string }>(rows: T[]) => rows.filter((r) => kept.has(r.slugId)).map(withoutVersion);
        expect(onV2(after.watched)).toEqual(expected(before.watched));
        expect(onV2(after.quizzes)).toEqual(expected(before.quizzes));
        // An essay still running whose item is gone is submitted with its draft (migrate-essay-attempts.ts); every other keeps its state.
        expect(onV2(after.essays)).toEqual(expected(before.essays));
        // Watched videos are copied, so the old version keeps them too.
        for (const w of before.watched) expect(after.watched).toContainEqual(w);
      }),
      { seed: 20261126, numRuns: 15 },
    );
  });
});
