import "server-only";
import { Hono } from "hono";
import { getCourseDomainsForFilters } from "@/lib/contract/calls/dashboard";
import { getCourseDomains } from "../../services/get-course-domains";
import { route, type ApiEnv } from "../route";

export const dashboardRouter = new Hono<ApiEnv>();

// GET /dashboard/getCourseDomainsForFilters: the domains that have courses, with how many
route(dashboardRouter, getCourseDomainsForFilters, ({ deps }) => getCourseDomains(deps));
