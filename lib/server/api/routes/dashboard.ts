import "server-only";
import { Hono } from "hono";
import * as calls from "@/lib/contract/calls/dashboard";
import { dashboardStatsInputs, getBatchDetails, getDashboardStats, listContinueLearning, listEnrolledPrograms, listGroupSessions, listPurchasedCourses } from "../../services/dashboard";
import { contentKey, EncodedJsonStore } from "../../encoded-json";
import { route, type ApiEnv } from "../route";

export const dashboardRouter = new Hono<ApiEnv>();

// GET /dashboard/getDashboardCoursesDetails: the learner's figures, with the week's learning time in their time zone
// (the figures are built, serialized and gzipped once while what they are built from stands: the
// dashboard asks for them on every visit)
const statsAnswers = new EncodedJsonStore(8 * 1024 * 1024);
route(dashboardRouter, calls.getDashboardStats, ({ deps, user, session, query }) => {
  const inputs = dashboardStatsInputs(deps, user, session, query);
  return statsAnswers.get(contentKey(inputs), () => getDashboardStats(deps, user, query));
});

// GET /dashboard/continueLearning: started courses, most recent first, with where the learner left off
route(dashboardRouter, calls.listContinueLearning, ({ deps, user }) => listContinueLearning(deps, user));

// GET /dashboard/courseOrProgram/details: the learner's programs or courses, and when their access ends
route(dashboardRouter, calls.getBatchDetails, ({ deps, user }) => getBatchDetails(deps, user));

// GET /dashboard/purchased/all: the learner's courses, filtered and a page at a time
route(dashboardRouter, calls.listPurchasedCourses, ({ deps, user, query }) => listPurchasedCourses(deps, user, query));

// GET /dashboard/programs: the learner's programs with progress
route(dashboardRouter, calls.listEnrolledPrograms, ({ deps, user }) => listEnrolledPrograms(deps, user));

// GET /dashboard/groupSessions: group sessions live or coming up for the learner
route(dashboardRouter, calls.listGroupSessions, ({ deps, user }) => listGroupSessions(deps, user));
