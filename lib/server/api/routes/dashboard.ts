import "server-only";
import { Hono } from "hono";
import { getContinueLearning } from "@/lib/contract/calls/dashboard";
import { listContinueLearning } from "../../services/dashboard/list-continue-learning";
import { route, type ApiEnv } from "../route";

export const dashboardRouter = new Hono<ApiEnv>();

// GET /dashboard/continueLearning: started courses, most recent first, with where the learner left off
route(dashboardRouter, getContinueLearning, ({ deps, user }) => listContinueLearning(deps, user));
