import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { CallDef } from "@/lib/contract";
import { getMcqBlockData, getMcqBlockState, postMcqAnswer, postMcqBlockStart, postMcqBlockSubmit } from "@/lib/contract/calls/challenges";
import { mcqAnswers, mcqAttempts } from "@/lib/server/db/schema";
import type { TestApi } from "../support/api";
import { fx } from "./course-access-rows";

/**
 * Access-matrix rows of the challenge calls, on the course of course-access-rows.ts: learnerA is
 * enrolled through a batch and runs an attempt; learnerB is not enrolled, so the block is locked for
 * them and nothing of learnerA's attempt may reach them or be changed by them.
 */
type Actor = "learnerA" | "learnerB" | "grader" | "admin";
interface Ctx {
  t: TestApi;
  ids: Record<Actor, string>;
}
interface Row {
  call: CallDef;
  as: Actor | "anonymous";
  owner: "own" | "other";
  input?: () => { query?: Record<string, string | string[]>; body?: unknown };
  status: number;
  check?: (ctx: Ctx, body: any) => Promise<void> | void;
}

const mcqBody = () => ({ body: { courseId: fx.courseId, mcqBlockId: fx.mcqId } });
const mcqQuery = () => ({ query: { courseId: fx.courseId, mcqBlockId: fx.mcqId } });
const attemptsOf = (ctx: Ctx, who: Actor) => ctx.t.db.select().from(mcqAttempts).where(eq(mcqAttempts.userId, ctx.ids[who]));
let questionId = "";
let optionId = "";

export const challengeAccessRows: Row[] = [
  {
    call: postMcqBlockStart,
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
    call: postMcqAnswer,
    as: "learnerA",
    owner: "own",
    input: () => ({ body: { courseId: fx.courseId, mcqBlockId: fx.mcqId, mcq: questionId, selectedOptionIds: [optionId] } }),
    status: 200,
  },
  { call: getMcqBlockData, as: "learnerA", owner: "own", input: mcqQuery, status: 200, check: (_ctx, body) => expect(body.questions[0].options[0].isSelectedByUser).toBe(true) },
  { call: getMcqBlockState, as: "learnerA", owner: "own", input: mcqQuery, status: 200 },
  // learnerB is not enrolled: the block is locked, and learnerA's attempt is neither shown nor touched.
  { call: postMcqBlockStart, as: "learnerB", owner: "other", input: mcqBody, status: 403, check: async (ctx) => expect(await attemptsOf(ctx, "learnerB")).toEqual([]) },
  {
    call: getMcqBlockData,
    as: "learnerB",
    owner: "other",
    input: mcqQuery,
    status: 200,
    check: (_ctx, body) => expect(body).toMatchObject({ attemptStatus: "notAttempted", isChallengeLocked: true, questions: [] }),
  },
  {
    call: postMcqAnswer,
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
  { call: postMcqBlockSubmit, as: "learnerB", owner: "other", input: mcqBody, status: 409, check: async (ctx) => expect((await attemptsOf(ctx, "learnerA"))[0]!.status).toBe("onProgress") },
  { call: getMcqBlockState, as: "learnerB", owner: "other", input: () => ({ query: { mcqBlockId: fx.mcqId } }), status: 404 },
  { call: postMcqBlockSubmit, as: "learnerA", owner: "own", input: mcqBody, status: 200, check: (_ctx, body) => expect(body.attemptStatus).toBe("completed") },
  ...[getMcqBlockData, getMcqBlockState].map<Row>((call) => ({ call, as: "anonymous", owner: "other", input: mcqQuery, status: 401 })),
  ...[postMcqBlockStart, postMcqBlockSubmit].map<Row>((call) => ({ call, as: "anonymous", owner: "other", input: mcqBody, status: 401 })),
  { call: postMcqAnswer, as: "anonymous", owner: "other", input: () => ({ body: { courseId: fx.courseId, mcqBlockId: fx.mcqId, mcq: questionId, selectedOptionIds: [] } }), status: 401 },
];
