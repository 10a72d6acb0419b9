import "server-only";
import { Hono } from "hono";
import * as calls from "@/lib/contract/calls/learning-paths";
import { getCourseBundleProgress, getFirstProgram, getLearningPathProgress } from "../../services/learning-paths";
import { route, type ApiEnv } from "../route";

export const learningPathsRouter = new Hono<ApiEnv>();

// GET /course/course/bundle/progress: the learner's progress in one program, course by course
route(learningPathsRouter, calls.getCourseBundleProgress, ({ deps, user, query }) => getCourseBundleProgress(deps, user, query));

// GET /dashboard/getLearningPathProgress: the learner's path (a program, or a sample path) and the other programs
route(learningPathsRouter, calls.getLearningPathProgress, ({ deps, user, query }) => getLearningPathProgress(deps, user, query));

// GET /dashboard/program/programId: the learner's first program and batch
route(learningPathsRouter, calls.getFirstProgram, ({ deps, user }) => getFirstProgram(deps, user));
