import { expect } from "vitest";
import { getCourseBundleProgress, getLearningPathProgress, getFirstProgram } from "@/lib/contract/calls/learning-paths";
import { fx } from "./course-access-rows";
import type { AccessRow as Row } from "./access-row";

/**
 * Access-matrix rows of the learning-path calls, on the program of course-access-rows.ts: learnerA is
 * in its batch and has completed a video of its course; learnerB is in no batch. A program is open
 * to every learner to look at, with the caller's own progress only: nothing of learnerA's reaches
 * learnerB (no batch, no enrollment, no watched video).
 */

/** The program of the fixture, with learnerA's batch when asked (read when the row runs: the fixture is made before). */
const bundleQ = (withBatch = false) => () => ({ query: { bundleId: fx.programId, ...(withBatch ? { batchId: fx.batchId } : {}) } });
const programQ = () => ({ query: { programId: fx.programId } });
type Course = { isEnrolled: boolean; completedVideosCount: number; courseProgressInPercentage: number };
const nothingOfA = (body: { batchId: string | null; courses: Course[] }) => {
  expect(body.batchId).toBeNull();
  expect(body.courses.every((c) => !c.isEnrolled && c.completedVideosCount === 0 && c.courseProgressInPercentage === 0)).toBe(true);
  expect(JSON.stringify(body)).not.toContain(fx.batchId);
};

export const learningPathAccessRows: Row[] = [
  {
    call: getCourseBundleProgress,
    as: "learnerA",
    owner: "own",
    input: bundleQ(true),
    status: 200,
    check: (_ctx, body) => {
      expect(body.batchId).toBe(fx.batchId);
      expect(body.courses[0]).toMatchObject({ courseId: fx.courseId, isEnrolled: true });
      expect(body.courses[0].completedVideosCount).toBeGreaterThan(0);
    },
  },
  { call: getCourseBundleProgress, as: "learnerB", owner: "other", input: bundleQ(), status: 200, check: (_ctx, body) => nothingOfA(body) },
  // Naming learnerA's batch does not make it learnerB's.
  { call: getCourseBundleProgress, as: "learnerB", owner: "other", input: bundleQ(true), status: 403 },
  { call: getCourseBundleProgress, as: "anonymous", owner: "other", input: bundleQ(), status: 401 },
  {
    call: getLearningPathProgress,
    as: "learnerA",
    owner: "own",
    status: 200,
    check: (_ctx, body) => expect(body).toMatchObject({ isDummyLearningPath: false, learningPathProgress: { programId: fx.programId, batchId: fx.batchId } }),
  },
  {
    call: getLearningPathProgress,
    as: "learnerB",
    owner: "other",
    status: 200,
    check: (_ctx, body) => {
      expect(body).toMatchObject({ isDummyLearningPath: true, learningPathProgress: null });
      expect(JSON.stringify(body)).not.toContain(fx.batchId);
    },
  },
  { call: getLearningPathProgress, as: "learnerB", owner: "other", input: programQ, status: 200, check: (_ctx, body) => nothingOfA(body.learningPathProgress) },
  { call: getLearningPathProgress, as: "anonymous", owner: "other", status: 401 },
  { call: getFirstProgram, as: "learnerA", owner: "own", status: 200, check: (_ctx, body) => expect(body).toMatchObject({ programId: fx.programId, batchId: fx.batchId }) },
  { call: getFirstProgram, as: "learnerB", owner: "other", status: 200, check: (_ctx, body) => expect(body).toEqual({ programId: null, programName: null, batchId: null }) },
  { call: getFirstProgram, as: "anonymous", owner: "other", status: 401 },
];
