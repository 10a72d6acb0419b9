import "server-only";
import { Hono } from "hono";
import { getAchievementsDetails } from "@/lib/contract/calls/achievements";
import { getAchievementsDetails as loadAchievements } from "../../services/achievements/get-achievements-details";
import { route, type ApiEnv } from "../route";

export const achievementsRouter = new Hono<ApiEnv>();

// GET /dashboard/getAchievementsDetails: every badge, earned or not, and the certificates the learner holds
route(achievementsRouter, getAchievementsDetails, ({ deps, user, query }) => loadAchievements(deps, user, query));
