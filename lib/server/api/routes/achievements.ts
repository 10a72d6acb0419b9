import "server-only";
import { Hono } from "hono";
import * as calls from "@/lib/contract/calls/achievements";
import { getAchievementsDetails } from "../../services/achievements";
import { route, type ApiEnv } from "../route";

export const achievementsRouter = new Hono<ApiEnv>();

// GET /dashboard/getAchievementsDetails: every badge, earned or not, and the certificates the learner holds
route(achievementsRouter, calls.getAchievementsDetails, ({ deps, user, query }) => getAchievementsDetails(deps, user, query));
