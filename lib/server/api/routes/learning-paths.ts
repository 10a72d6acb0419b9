import "server-only";
import { Hono } from "hono";
import { getCourseBundleProgress, getLearningPathProgress, getProgramProgramId } from "@/lib/contract/calls/learning-paths";
import { getCourseBundleProgress as bundleProgress } from "../../services/learning-paths/get-course-bundle-progress";
import { getFirstProgram } from "../../services/learning-paths/get-first-program";
import { getLearningPathProgress as learningPathProgress } from "../../services/learning-paths/get-learning-path-progress";
import { route, type ApiEnv } from "../route";

export const learningPathsRouter = new Hono<ApiEnv>();

// GET /course/course/bundle/progress: the learner's progress in one program, course by course
route(learningPathsRouter, getCourseBundleProgress, ({ deps, user, query }) => bundleProgress(deps, user, query));

// GET /dashboard/getLearningPathProgress: the learner's path (a program, or a sample path) and the other programs
route(learningPathsRouter, getLearningPathProgress, ({ deps, user, query }) => learningPathProgress(deps, user, query));

// GET /dashboard/program/programId: the learner's first program and batch
route(learningPathsRouter, getProgramProgramId, ({ deps, user }) => getFirstProgram(deps, user));
