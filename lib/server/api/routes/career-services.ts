import "server-only";
import { Hono } from "hono";
import * as calls from "@/lib/contract/calls/career-services";
import { getCareerServices, getCareerServicesStatistics } from "../../services/career-services";
import { route, type ApiEnv } from "../route";

export const careerServicesRouter = new Hono<ApiEnv>();

// GET /dashboard/careerServices/statistics: the learner's eligibility test, interviews and offers (403 without access)
route(careerServicesRouter, calls.getCareerServicesStatistics, ({ deps, user }) => getCareerServicesStatistics(deps, user));

// GET /dashboard/careerServices: the services, whether each is open to the learner, and the mandatory courses
route(careerServicesRouter, calls.getCareerServices, ({ deps, user }) => getCareerServices(deps, user));
