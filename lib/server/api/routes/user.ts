import "server-only";
import { Hono } from "hono";
import { getUserInfo, postUserEvent } from "@/lib/contract/calls/user";
import { getUserProfile } from "../../services/get-user-profile";
import { recordUserEvent } from "../../services/record-user-event";
import { route, type ApiEnv } from "../route";

export const userRouter = new Hono<ApiEnv>();

// GET /user/info: the signed-in user's profile
route(userRouter, getUserInfo, ({ deps, user }) => getUserProfile(deps.db, user));

// POST /user/events: a product-analytics event with campaign data
route(userRouter, postUserEvent, ({ deps, user, body }) => recordUserEvent(deps, user.id, body));
