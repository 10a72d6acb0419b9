import "server-only";
import { Hono } from "hono";
import {
  getEssayBlockData,
  getEssayBlockState,
  getMcqBlockData,
  getMcqBlockState,
  postEssayBlockStart,
  postEssayBlockSubmit,
  postEssayBlockUpload,
  postMcqAnswer,
  postMcqBlockStart,
  postMcqBlockSubmit,
} from "@/lib/contract/calls/challenges";
import { answerMcqQuestion } from "../../services/challenges/answer-mcq-question";
import { getEssayBlock, getEssayBlockState as essayBlockState } from "../../services/challenges/get-essay-block";
import { getMcqBlock, getMcqBlockState as mcqBlockState } from "../../services/challenges/get-mcq-block";
import { startEssayBlock } from "../../services/challenges/start-essay-block";
import { startMcqBlock } from "../../services/challenges/start-mcq-block";
import { submitEssayBlock } from "../../services/challenges/submit-essay-block";
import { submitMcqBlock } from "../../services/challenges/submit-mcq-block";
import { essayUploadMaxBytes, fileTooLargeMessage, uploadEssayFile } from "../../services/challenges/upload-essay-file";
import { formRoute, route, type ApiEnv } from "../route";

export const challengesRouter = new Hono<ApiEnv>();

// ---------- multiple-choice blocks ----------

// GET /course/video/mcqBlock/data: the block with the learner's attempt; right answers only once it is completed
route(challengesRouter, getMcqBlockData, ({ deps, user, query }) => getMcqBlock(deps, user, query));

// GET /course/video/mcqBlockState: the attempt's state and the time left on the server's clock
route(challengesRouter, getMcqBlockState, ({ deps, user, query }) => mcqBlockState(deps, user, query));

// POST /course/video/mcqBlock/start: starts the learner's timed attempt; again returns it unchanged
route(challengesRouter, postMcqBlockStart, ({ deps, user, body }) => startMcqBlock(deps, user, body));

// POST /course/video/mcq/answer: saves one question's choice in the running attempt; a resent key applies once
route(challengesRouter, postMcqAnswer, ({ deps, user, body, idempotencyKey }) =>
  answerMcqQuestion(deps, user, {
    ...body,
    idempotencyKey,
    sentAt: body.sentAt ? new Date(body.sentAt) : undefined,
  }),
);

// POST /course/video/mcqBlock/submit: completes and scores the attempt; again returns the same results
route(challengesRouter, postMcqBlockSubmit, ({ deps, user, body }) => submitMcqBlock(deps, user, body));

// ---------- essay challenges ----------

// GET /course/video/essayBlock/data: the essay with the learner's attempt; marks and the model answer only with the results
route(challengesRouter, getEssayBlockData, ({ deps, user, query }) => getEssayBlock(deps, user, query));

// GET /course/video/essayBlockState: the attempt's state and the time left on the server's clock
route(challengesRouter, getEssayBlockState, ({ deps, user, query }) => essayBlockState(deps, user, query));

// POST /course/video/essayBlock/start: starts the learner's timed attempt; again returns it unchanged
route(challengesRouter, postEssayBlockStart, ({ deps, user, body }) => startEssayBlock(deps, user, body));

// POST /course/video/essayBlock/submit: saves a draft (versioned) or submits the essay once; a resent key applies once
route(challengesRouter, postEssayBlockSubmit, ({ deps, user, body, idempotencyKey }) =>
  submitEssayBlock(deps, user, {
    ...body,
    idempotencyKey,
    sentAt: body.sentAt ? new Date(body.sentAt) : undefined,
  }),
);

// POST /course/video/essayBlock/upload: stores one file (multipart form) for the running attempt, typed by its content
formRoute(
  challengesRouter,
  postEssayBlockUpload,
  {
    maxFileBytes: (deps) => essayUploadMaxBytes(deps.env),
    tooLarge: fileTooLargeMessage,
  },
  ({ deps, user, body, file }) => uploadEssayFile(deps, user, { ...body, fileName: file.name, bytes: file.bytes }),
);
