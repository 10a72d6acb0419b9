import "server-only";
import { Hono } from "hono";
import { getMcqBlockData, getMcqBlockState, postMcqAnswer, postMcqBlockStart, postMcqBlockSubmit } from "@/lib/contract/calls/challenges";
import { answerMcqQuestion } from "../../services/challenges/answer-mcq-question";
import { getMcqBlock, getMcqBlockState as mcqBlockState } from "../../services/challenges/get-mcq-block";
import { startMcqBlock } from "../../services/challenges/start-mcq-block";
import { submitMcqBlock } from "../../services/challenges/submit-mcq-block";
import { route, type ApiEnv } from "../route";

export const challengesRouter = new Hono<ApiEnv>();

/** A write's idempotency key: in the body, else the Idempotency-Key header. */
const keyOf = (bodyKey: string | undefined, header: string | undefined) => bodyKey ?? (header?.slice(0, 100) || undefined);

// ---------- multiple-choice blocks ----------

// GET /course/video/mcqBlock/data: the block with the learner's attempt; right answers only once it is completed
route(challengesRouter, getMcqBlockData, ({ deps, user, query }) => getMcqBlock(deps, user, query));

// GET /course/video/mcqBlockState: the attempt's state and the time left on the server's clock
route(challengesRouter, getMcqBlockState, ({ deps, user, query }) => mcqBlockState(deps, user, query));

// POST /course/video/mcqBlock/start: starts the learner's timed attempt; again returns it unchanged
route(challengesRouter, postMcqBlockStart, ({ deps, user, body }) => startMcqBlock(deps, user, body));

// POST /course/video/mcq/answer: saves one question's choice in the running attempt; a resent key applies once
route(challengesRouter, postMcqAnswer, ({ deps, user, body, c }) =>
  answerMcqQuestion(deps, user, {
    ...body,
    idempotencyKey: keyOf(body.idempotencyKey, c.req.header("idempotency-key")),
    sentAt: body.sentAt ? new Date(body.sentAt) : undefined,
  }),
);

// POST /course/video/mcqBlock/submit: completes and scores the attempt; again returns the same results
route(challengesRouter, postMcqBlockSubmit, ({ deps, user, body }) => submitMcqBlock(deps, user, body));

// ---------- essay challenges ----------
