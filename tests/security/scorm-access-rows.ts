import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { commitScormItem, openScormItem } from "@/lib/contract/calls/scorm";
import { chapters, scormAttempts, scormItems, scormPackages, subChapters } from "@/lib/server/db/schema";
import { fx } from "./course-access-rows";
import type { AccessCtx as Ctx, AccessRow as Row } from "./access-row";

/**
 * Access-matrix rows of the SCORM runtime's calls. The course of course-access-rows.ts gets a SCORM
 * item at its end; learnerA (enrolled) has a session (a launch) of it; learnerB is not enrolled. Opening needs access to the
 * item's course; a commit needs a session that is the caller's own, so learnerB cannot write into
 * learnerA's results, nor learnerA into a session of learnerB's.
 */
const sx = { itemId: "", sessionOfA: "" };

export async function prepareScormAccess(ctx: Ctx) {
  const { t } = ctx;
  const [place] = await t.db
    .select({ subChapterId: subChapters.id })
    .from(subChapters)
    .innerJoin(chapters, eq(chapters.id, subChapters.chapterId))
    .where(eq(chapters.id, fx.chapterId));
  const [pkg] = await t.db
    .insert(scormPackages)
    .values({ sha256: "a".repeat(64), fileName: "acm.zip", version: "1.2", launchPath: "index.html", fileCount: 2, unpackedBytes: 100 })
    .returning();
  const [item] = await t.db
    .insert(scormItems)
    .values({ subChapterId: place!.subChapterId, position: 1000, title: "Access SCORM", slug: "access-scorm", slugId: "access-scorm", packageId: pkg!.id })
    .returning();
  sx.itemId = item!.id;
  sx.sessionOfA = (await t.call(openScormItem, { token: ctx.tokens.learnerA, body: { itemId: sx.itemId } })).body.sessionId;
}

const commitBody = (sequence: number) => () => ({ body: { itemId: sx.itemId, sessionId: sx.sessionOfA, sequence, cmi: { "cmi.core.lesson_status": "passed" }, sessionSeconds: 5 } });
const attemptsOf = async (ctx: Ctx, actor: "learnerA" | "learnerB") => ctx.t.db.select().from(scormAttempts).where(eq(scormAttempts.userId, ctx.ids[actor]));

export const scormAccessRows: Row[] = [
  { call: openScormItem, as: "learnerA", owner: "own", input: () => ({ body: { itemId: sx.itemId } }), status: 200, check: (_ctx, body) => expect(body.launchUrl).toMatch(/^\/api\/scorm\/launch\//) },
  { call: openScormItem, as: "learnerB", owner: "other", input: () => ({ body: { itemId: sx.itemId } }), status: 403 },
  { call: openScormItem, as: "anonymous", owner: "other", input: () => ({ body: { itemId: sx.itemId } }), status: 401 },
  {
    call: commitScormItem,
    as: "learnerB",
    owner: "other",
    input: commitBody(1),
    status: 404,
    check: async (ctx) => {
      expect(await attemptsOf(ctx, "learnerB")).toEqual([]);
      expect(await attemptsOf(ctx, "learnerA")).toEqual([]);
    },
  },
  { call: commitScormItem, as: "anonymous", owner: "other", input: commitBody(1), status: 401 },
  {
    call: commitScormItem,
    as: "learnerA",
    owner: "own",
    input: commitBody(1),
    status: 200,
    check: async (ctx, body) => {
      expect(body.attempt.successStatus).toBe("passed");
      expect(await attemptsOf(ctx, "learnerA")).toHaveLength(1);
    },
  },
];
