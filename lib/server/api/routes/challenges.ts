import "server-only";
import { Hono } from "hono";
import * as calls from "@/lib/contract/calls/challenges";
import { answerMcqQuestion, essayUploadMaxBytes, fileTooLargeMessage, getEssayBlock, getEssayBlockState, getMcqBlock, getMcqBlockState, startEssayBlock, startMcqBlock, submitEssayBlock, submitMcqBlock, uploadEssayFile } from "../../services/challenges";
import { formRoute, route, type ApiEnv } from "../route";

export const challengesRouter = new Hono<ApiEnv>();

// ---------- multiple-choice blocks ----------

// GET /course/video/mcqBlock/data: the block with the learner's attempt; right answers only once it is completed
route(challengesRouter, calls.getMcqBlock, ({ deps, user, query }) => getMcqBlock(deps, user, query));

// GET /course/video/mcqBlockState: the attempt's state and the time left on the server's clock
route(challengesRouter, calls.getMcqBlockState, ({ deps, user, query }) => getMcqBlockState(deps, user, query));

// POST /course/video/mcqBlock/start: starts the learner's timed attempt; again returns it unchanged
route(challengesRouter, calls.startMcqBlock, ({ deps, user, body }) => startMcqBlock(deps, user, body));

// POST /course/video/mcq/answer: saves one question's choice in the running attempt; a resent key applies once
route(challengesRouter, calls.answerMcqQuestion, ({ deps, user, body, idempotencyKey }) =>
  answerMcqQuestion(deps, user, {
    ...body,
    idempotencyKey,
    sentAt: body.sentAt ? new Date(body.sentAt) : undefined,
  }),
);

// POST /course/video/mcqBlock/submit: completes and scores the attempt; again returns the same results
route(challengesRouter, calls.submitMcqBlock, ({ deps, user, body }) => submitMcqBlock(deps, user, body));

// ---------- essay challenges ----------

// GET /course/video/essayBlock/data: the essay with the learner's attempt; marks and the model answer only with the results
route(challengesRouter, calls.getEssayBlock, ({ deps, user, query }) => getEssayBlock(deps, user, query));

// GET /course/video/essayBlockState: the attempt's state and the time left on the server's clock
route(challengesRouter, calls.getEssayBlockState, ({ deps, user, query }) => getEssayBlockState(deps, user, query));

// POST /course/video/essayBlock/start: starts the learner's timed attempt; again returns it unchanged
route(challengesRouter, calls.startEssayBlock, ({ deps, user, body }) => startEssayBlock(deps, user, body));

// POST /course/video/essayBlock/submit: saves a draft (versioned) or submits the essay once; a resent key applies once
route(challengesRouter, calls.submitEssayBlock, ({ deps, user, body, idempotencyKey }) =>
  submitEssayBlock(deps, user, {
    ...body,
    idempotencyKey,
    sentAt: body.sentAt ? new Date(body.sentAt) : undefined,
  }),
);

// POST /course/video/essayBlock/upload: stores one file (multipart form) for the running attempt, typed by its content
formRoute(
  challengesRouter,
  calls.uploadEssayFile,
  {
    maxFileBytes: (deps) => essayUploadMaxBytes(deps.env),
    tooLarge: fileTooLargeMessage,
    upload: "essay",
  },
  ({ deps, user, body, file }) => uploadEssayFile(deps, user, { ...body, fileName: file.name, bytes: file.bytes }),
);
