import "server-only";
import { Hono } from "hono";
import * as calls from "@/lib/contract/calls/studio-grading";
import { assignSubmission, listGraders, listGradingQueue } from "../../services/studio-grading";
import { route, type ApiEnv } from "../route";

export const studioGradingRouter = new Hono<ApiEnv>();

// GET /studio/grading/queue: submitted essays, the longest waiting first, with who holds and who graded each (administrators)
route(studioGradingRouter, calls.listGradingQueue, ({ deps, user, query }) => listGradingQueue(deps, user, query));

// GET /studio/grading/graders: who may be assigned essays, with what they hold now (administrators)
route(studioGradingRouter, calls.listGraders, ({ deps, user }) => listGraders(deps, user));

// POST /studio/grading/assignment: assigns, reassigns or releases a submitted essay (administrators)
route(studioGradingRouter, calls.assignSubmission, ({ deps, user, body }) => assignSubmission(deps, user, body));
