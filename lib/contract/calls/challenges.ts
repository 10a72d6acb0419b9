import { z } from "zod";
import { defineCall } from "../call";
import { mcqAttemptStatus, successBody, textFlag } from "../common";
import { essayAttachment } from "../entities/shared";
import { essayBlock, essayBlockState, mcqBlock, mcqBlockState } from "../entities/challenges";
import { newBadgesField } from "../entities/achievements";
import { ESSAY_MAX_CHARACTERS } from "../essay-limits";
import { idOf, nodeIdOfPage, nodeTypeOfPage, optionalId, pageUrl, sentAt } from "../fields";

// Timed multiple-choice blocks and essay challenges.

const mcqBlockQuery = z.object({
  courseId: idOf("courseId"),
  mcqBlockId: idOf("mcqBlockId"),
  type: nodeTypeOfPage,
  id: nodeIdOfPage,
});

export const getMcqBlock = defineCall({
  method: "GET",
  group: "/course",
  path: "/video/mcqBlock/data",
  summary: "A multiple-choice block with the learner's attempt. Right answers come only once the attempt is completed.",
  access: "learner",
  errors: ["not_found"],
  query: mcqBlockQuery,
  response: mcqBlock,
});

export const getMcqBlockState = defineCall({
  method: "GET",
  group: "/course",
  path: "/video/mcqBlockState",
  summary: "The state of the learner's attempt at a multiple-choice block, and the time left.",
  access: "learner",
  errors: ["not_found"],
  query: z.object({ mcqBlockId: idOf("mcqBlockId"), courseId: optionalId("courseId") }),
  response: mcqBlockState,
});

const mcqBlockActionBody = z.object({
  courseId: idOf("courseId"),
  pageUrl,
  mcqBlockId: idOf("mcqBlockId"),
  type: nodeTypeOfPage,
  id: nodeIdOfPage,
});

export const startMcqBlock = defineCall({
  method: "POST",
  group: "/course",
  path: "/video/mcqBlock/start",
  summary:
    "Starts the learner's timed attempt at a multiple-choice block; starting a running attempt again returns it unchanged. After a completed attempt a new one starts while the block allows more attempts.",
  access: "learner",
  errors: ["not_found", "challenge_locked", "attempts_exhausted"],
  body: mcqBlockActionBody,
  response: mcqBlock,
});

export const submitMcqBlock = defineCall({
  method: "POST",
  group: "/course",
  path: "/video/mcqBlock/submit",
  summary: "Completes the learner's attempt at a multiple-choice block and scores it; the answer returns the results.",
  access: "learner",
  errors: ["not_found", "attempt_not_started"],
  body: mcqBlockActionBody,
  response: mcqBlock.extend(newBadgesField),
});

export const answerMcqQuestion = defineCall({
  method: "POST",
  group: "/course",
  path: "/video/mcq/answer",
  summary: "Saves the learner's choice for one question of a running attempt, replacing any earlier choice.",
  access: "learner",
  idempotent: true,
  errors: ["not_found", "attempt_not_started", "attempt_closed", "time_up", "unknown_question", "unknown_option", "duplicate_option", "too_many_options"],
  body: z.object({
    courseId: idOf("courseId"),
    mcqBlockId: idOf("mcqBlockId"),
    mcq: idOf("mcq").describe("Id of the question answered"),
    selectedOptionIds: z.array(idOf("selectedOptionIds")).max(50, "at most 50 options").describe("The options chosen; empty clears the answer"),
    type: nodeTypeOfPage,
    sentAt,
  }),
  response: successBody.extend({
    attemptStatus: mcqAttemptStatus,
    remainingTimeInSeconds: z.number().int().min(0).nullable(),
  }),
});

const essayBlockQuery = z.object({
  courseId: idOf("courseId"),
  essayBlockId: idOf("essayBlockId"),
  type: nodeTypeOfPage,
  id: nodeIdOfPage,
});

export const getEssayBlock = defineCall({
  method: "GET",
  group: "/course",
  path: "/video/essayBlock/data",
  summary: "An essay challenge with the learner's attempt. The model answer and marks come only with the results.",
  access: "learner",
  errors: ["not_found"],
  query: essayBlockQuery,
  response: essayBlock,
});

export const getEssayBlockState = defineCall({
  method: "GET",
  group: "/course",
  path: "/video/essayBlockState",
  summary: "The state of the learner's attempt at an essay challenge, and the time left.",
  access: "learner",
  errors: ["not_found"],
  query: z.object({ essayBlockId: idOf("essayBlockId"), courseId: optionalId("courseId") }),
  response: essayBlockState,
});

export const startEssayBlock = defineCall({
  method: "POST",
  group: "/course",
  path: "/video/essayBlock/start",
  summary: "Starts the learner's timed attempt at an essay challenge; starting a running attempt again returns it unchanged.",
  access: "learner",
  errors: ["not_found", "challenge_locked"],
  body: z.object({
    courseId: idOf("courseId"),
    pageUrl,
    essayBlockId: idOf("essayBlockId"),
    type: nodeTypeOfPage,
    id: nodeIdOfPage,
  }),
  response: essayBlock,
});

export const submitEssayBlock = defineCall({
  method: "POST",
  group: "/course",
  path: "/video/essayBlock/submit",
  summary:
    "Saves the learner's essay. A draft (isFinalSubmission false) can be saved again while time remains; a final submission ends the attempt and sends it for grading.",
  access: "learner",
  idempotent: true,
  errors: ["not_found", "attempt_not_started", "attempt_closed", "time_up", "draft_conflict", "unknown_upload", "empty_answer", "too_few_words", "too_many_words"],
  body: z.object({
    essayBlockId: idOf("essayBlockId"),
    courseId: idOf("courseId"),
    essayAnswer: z.string({ error: "essayAnswer must be a string" }).max(ESSAY_MAX_CHARACTERS, `essayAnswer is at most ${ESSAY_MAX_CHARACTERS} characters`),
    submissionUploadedFileUrl: z
      .array(z.string().min(1).max(2000, "a file address is at most 2000 characters"))
      .max(10, "at most 10 files")
      .default([])
      .describe(
        "Addresses (the url the upload call answered) of files the learner uploaded for this essay; every save sets the whole list. Any other address is refused with 400",
      ),
    isFinalSubmission: z.boolean({ error: "isFinalSubmission must be true or false" }),
    type: nodeTypeOfPage,
    id: nodeIdOfPage,
    isBootcamp: textFlag.optional().describe("Text flag, true when it equals 'true' whatever its case"),
    baseDraftVersion: z
      .number({ error: "baseDraftVersion must be a whole number" })
      .int("baseDraftVersion must be a whole number")
      .min(0, "baseDraftVersion must not be negative")
      .optional()
      .describe(
        "The draftVersion this text was edited from. When the server holds a newer draft (saved from another tab or device), the save is refused with 409 and code draft_conflict, and nothing is overwritten",
      ),
    sentAt,
  }),
  response: essayBlock.extend(newBadgesField),
});

export const uploadEssayFile = defineCall({
  method: "POST",
  group: "/course",
  path: "/video/essayBlock/upload",
  summary:
    "Stores a file for the learner's running essay attempt (multipart/form-data: file, essayBlockId, courseId). The type is read from the content, the size is limited, the stored name is made by the server. Put the returned url in submissionUploadedFileUrl to attach it.",
  access: "learner",
  errors: ["not_found", "attempt_not_started", "attempt_closed", "time_up", "file_too_large", "empty_file", "unsupported_file_type", "too_many_files"],
  bodyFormat: "multipart",
  body: z.object({ essayBlockId: idOf("essayBlockId"), courseId: idOf("courseId") }),
  response: essayAttachment,
});
