import { z } from "zod";
import { defineCall } from "../call";
import { learningPath, programProgress } from "../entities/learning-paths";
import { idOf, optionalId } from "../fields";

// Learning paths: programs and the learner's progress through them.

export const getCourseBundleProgress = defineCall({
  method: "GET",
  group: "/course",
  path: "/course/bundle/progress",
  summary: "The learner's progress in a program, course by course, in the program's order.",
  access: "learner",
  errors: ["forbidden", "not_found"],
  query: z.object({ batchId: optionalId("batchId"), bundleId: idOf("bundleId").describe("Id of the program") }),
  response: programProgress,
});

export const getLearningPathProgress = defineCall({
  method: "GET",
  group: "/dashboard",
  path: "/getLearningPathProgress",
  summary: "The learner's path through a program, or a sample path when the learner has no program.",
  access: "learner",
  errors: ["not_found"],
  query: z.object({
    programId: z.string().min(1, "programId must not be empty").max(100).optional().describe("The program; the learner's first program when left out (see /program/programId)"),
  }),
  response: learningPath,
});

export const getFirstProgram = defineCall({
  method: "GET",
  group: "/dashboard",
  path: "/program/programId",
  summary: "The learner's first program: the one of the batch that started first, if any.",
  access: "learner",
  response: z.object({
    programId: z.string().nullable().describe("null when the learner takes no program"),
    programName: z.string().nullable(),
    batchId: z.string().nullable(),
  }),
});
