import "server-only";
import { Hono } from "hono";
import { getContinueLearning, getCourseDomainsForFilters } from "@/lib/contract/calls/dashboard";
import { getCourseDomains } from "../../services/get-course-domains";
import { listContinueLearning } from "../../services/list-continue-learning";
import { route, type ApiEnv } from "../route";

export const dashboardRouter = new Hono<ApiEnv>();

// GET /dashboard/getCourseDomainsForFilters: the domains that have courses, with how many
route(dashboardRouter, getCourseDomainsForFilters, ({ deps }) => getCourseDomains(deps));

// GET /dashboard/continueLearning: started courses, most recent first, with where the learner left off
route(dashboardRouter, getContinueLearning, ({ deps, user }) => listContinueLearning(deps, user));
