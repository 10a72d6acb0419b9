import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import {
  getEssayBlock,
  getEssayBlockState,
  getMcqBlock,
  getMcqBlockState,
  startEssayBlock,
  submitEssayBlock,
  uploadEssayFile,
  answerMcqQuestion,
  startMcqBlock,
  submitMcqBlock,
} from "@/lib/contract/calls/challenges";
import { essayAttempts, essayUploads, mcqAnswers, mcqAttempts } from "@/lib/server/db/schema";
import { fx } from "./course-access-rows";
import type { AccessCtx as Ctx, AccessRow as Row, Actor } from "./access-row";

/**
 * Access-matrix rows of the challenge calls, on the course of course-access-rows.ts: learnerA is
 * enrolled through a batch and runs an attempt; learnerB is not enrolled, so the block is locked for
 * them and nothing of learnerA's attempt may reach them or be changed by them.
 */

const mcqBody = () => ({ body: { courseId: fx.courseId, mcqBlockId: fx.mcqId } });
const mcqQuery = () => ({ query: { courseId: fx.courseId, mcqBlockId: fx.mcqId } });
const attemptsOf = (ctx: Ctx, who: Actor) => ctx.t.db.select().from(mcqAttempts).where(eq(mcqAttempts.userId, ctx.ids[who]));
let questionId = "";
let optionId = "";

const essayBody = () => ({ body: { courseId: fx.courseId, essayBlockId: fx.essayId } });
const essayQuery = () => ({ query: { courseId: fx.courseId, essayBlockId: fx.essayId } });
const essaySave = (essayAnswer: string, isFinalSubmission = false, files: string[] = []) => () => ({
  body: { courseId: fx.courseId, essayBlockId: fx.essayId, essayAnswer, isFinalSubmission, submissionUploadedFileUrl: files },
});
const essayAttemptsOf = (ctx: Ctx, who: Actor) =>
  ctx.t.db
    .select()
    .from(essayAttempts)
    .where(and(eq(essayAttempts.userId, ctx.ids[who]), eq(essayAttempts.blockId, fx.essayId)));
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
/** A multipart upload of a small PNG; files go to a folder of this test run. */
const uploadForm = (ctx: Ctx) => {
  ctx.t.deps.env.UPLOAD_DIR ??= mkdtempSync(path.join(os.tmpdir(), "access-uploads-"));
  const form = new FormData();
  form.set("courseId", fx.courseId);
  form.set("essayBlockId", fx.essayId);
  form.set("file", new Blob([PNG]), "page.png");
  return { body: form };
};
let attachmentUrl = "";

export const challengeAccessRows: Row[] = [
  {
    call: startMcqBlock,
    as: "learnerA",
    owner: "own",
    input: mcqBody,
    status: 200,
    check: (_ctx, body) => {
      questionId = body.questions[0].id;
      optionId = body.questions[0].options[0].id;
      expect(body.attemptStatus).toBe("onProgress");
    },
  },
  {
    call: answerMcqQuestion,
    as: "learnerA",
    owner: "own",
    input: () => ({ body: { courseId: fx.courseId, mcqBlockId: fx.mcqId, mcq: questionId, selectedOptionIds: [optionId] } }),
    status: 200,
  },
  { call: getMcqBlock, as: "learnerA", owner: "own", input: mcqQuery, status: 200, check: (_ctx, body) => expect(body.questions[0].options[0].isSelectedByUser).toBe(true) },
  { call: getMcqBlockState, as: "learnerA", owner: "own", input: mcqQuery, status: 200 },
  // learnerB is not enrolled: the block is locked, and learnerA's attempt is neither shown nor touched.
  { call: startMcqBlock, as: "learnerB", owner: "other", input: mcqBody, status: 403, check: async (ctx) => expect(await attemptsOf(ctx, "learnerB")).toEqual([]) },
  {
    call: getMcqBlock,
    as: "learnerB",
    owner: "other",
    input: mcqQuery,
    status: 200,
    check: (_ctx, body) => expect(body).toMatchObject({ attemptStatus: "notAttempted", isChallengeLocked: true, questions: [] }),
  },
  {
    call: answerMcqQuestion,
    as: "learnerB",
    owner: "other",
    input: () => ({ body: { courseId: fx.courseId, mcqBlockId: fx.mcqId, mcq: questionId, selectedOptionIds: [] } }),
    status: 409,
    check: async (ctx) => {
      const [attempt] = await attemptsOf(ctx, "learnerA");
      const answers = await ctx.t.db.select().from(mcqAnswers).where(eq(mcqAnswers.attemptId, attempt!.id));
      expect(answers.map((a) => a.selectedOptionIds)).toEqual([[optionId]]);
    },
  },
  { call: submitMcqBlock, as: "learnerB", owner: "other", input: mcqBody, status: 409, check: async (ctx) => expect((await attemptsOf(ctx, "learnerA"))[0]!.status).toBe("onProgress") },
  { call: getMcqBlockState, as: "learnerB", owner: "other", input: () => ({ query: { mcqBlockId: fx.mcqId } }), status: 404 },
  { call: submitMcqBlock, as: "learnerA", owner: "own", input: mcqBody, status: 200, check: (_ctx, body) => expect(body.attemptStatus).toBe("completed") },
  ...[getMcqBlock, getMcqBlockState].map<Row>((call) => ({ call, as: "anonymous", owner: "other", input: mcqQuery, status: 401 })),
  ...[startMcqBlock, submitMcqBlock].map<Row>((call) => ({ call, as: "anonymous", owner: "other", input: mcqBody, status: 401 })),
  { call: answerMcqQuestion, as: "anonymous", owner: "other", input: () => ({ body: { courseId: fx.courseId, mcqBlockId: fx.mcqId, mcq: questionId, selectedOptionIds: [] } }), status: 401 },

  // ---------- essays: learnerA runs an attempt; learnerB is not enrolled ----------
  { call: startEssayBlock, as: "learnerA", owner: "own", input: essayBody, status: 200, check: (_ctx, body) => expect(body.attemptStatus).toBe("onProgress") },
  {
    call: uploadEssayFile,
    as: "learnerA",
    owner: "own",
    input: uploadForm,
    status: 200,
    check: (_ctx, body) => {
      attachmentUrl = body.url;
      expect(body.contentType).toBe("image/png");
    },
  },
  {
    call: submitEssayBlock,
    as: "learnerA",
    owner: "own",
    input: () => essaySave("A's draft", false, [attachmentUrl])(),
    status: 200,
    check: (_ctx, body) => expect(body).toMatchObject({ draftVersion: 1, submittedAnswer: "A's draft", submissionUploadedFileUrl: [attachmentUrl] }),
  },
  { call: getEssayBlock, as: "learnerA", owner: "own", input: essayQuery, status: 200, check: (_ctx, body) => expect(body.submittedAnswer).toBe("A's draft") },
  { call: getEssayBlockState, as: "learnerA", owner: "own", input: () => ({ query: { essayBlockId: fx.essayId } }), status: 200, check: (_ctx, body) => expect(body.attemptStatus).toBe("onProgress") },
  // learnerB: locked out, and nothing of learnerA's draft, files or attempt reaches them or changes.
  { call: startEssayBlock, as: "learnerB", owner: "other", input: essayBody, status: 403, check: async (ctx) => expect(await essayAttemptsOf(ctx, "learnerB")).toEqual([]) },
  {
    call: getEssayBlock,
    as: "learnerB",
    owner: "other",
    input: essayQuery,
    status: 200,
    check: (_ctx, body) => {
      expect(body).toMatchObject({ attemptStatus: "notAttempted", isChallengeLocked: true, submittedAnswer: null, attachments: [] });
      expect(JSON.stringify(body)).not.toContain("A's draft");
    },
  },
  ...[essaySave("B over A"), essaySave("B over A", true)].map<Row>((input) => ({
    call: submitEssayBlock,
    as: "learnerB",
    owner: "other",
    input,
    status: 409,
    check: async (ctx) => expect((await essayAttemptsOf(ctx, "learnerA"))[0]).toMatchObject({ answer: "A's draft", draftVersion: 1, status: "onProgress" }),
  })),
  {
    call: submitEssayBlock,
    as: "learnerB",
    owner: "other",
    input: () => essaySave("B takes A's file", false, [attachmentUrl])(),
    status: 409,
    check: async (ctx) => expect(await essayAttemptsOf(ctx, "learnerB")).toEqual([]),
  },
  {
    call: uploadEssayFile,
    as: "learnerB",
    owner: "other",
    input: uploadForm,
    status: 409,
    check: async (ctx) => expect(await ctx.t.db.select().from(essayUploads).where(eq(essayUploads.userId, ctx.ids.learnerB))).toEqual([]),
  },
  { call: getEssayBlockState, as: "learnerB", owner: "other", input: () => ({ query: { essayBlockId: fx.essayId } }), status: 404 },
  {
    call: submitEssayBlock,
    as: "learnerA",
    owner: "own",
    input: () => essaySave("A's answer", true, [attachmentUrl])(),
    status: 200,
    check: (_ctx, body) => expect(body).toMatchObject({ attemptStatus: "awaitingResults", submissionSource: "manual" }),
  },
  ...[getEssayBlock, getEssayBlockState].map<Row>((call) => ({ call, as: "anonymous", owner: "other", input: essayQuery, status: 401 })),
  { call: startEssayBlock, as: "anonymous", owner: "other", input: essayBody, status: 401 },
  { call: submitEssayBlock, as: "anonymous", owner: "other", input: essaySave("anonymous"), status: 401 },
  { call: uploadEssayFile, as: "anonymous", owner: "other", input: uploadForm, status: 401 },
];
