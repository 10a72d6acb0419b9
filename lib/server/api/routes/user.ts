import "server-only";
import { Hono } from "hono";
import { addVideoWatchRecord, getUserInfo, postUserEvent } from "@/lib/contract/calls/user";
import { getUserProfile } from "../../services/get-user-profile";
import { recordUserEvent } from "../../services/record-user-event";
import { recordVideoWatch } from "../../services/record-video-watch";
import { route, type ApiEnv } from "../route";

export const userRouter = new Hono<ApiEnv>();

// GET /user/info: the signed-in user's profile
route(userRouter, getUserInfo, ({ deps, user }) => getUserProfile(deps.db, user));

// POST /user/events: a product-analytics event with campaign data
route(userRouter, postUserEvent, ({ deps, user, body }) => recordUserEvent(deps, user.id, body));

// POST /user/addVideoWatchRecord: what the learner watched of a video; a resend with the same idempotency key counts once
route(userRouter, addVideoWatchRecord, ({ deps, user, body, c }) =>
  recordVideoWatch(deps, user, { ...body, idempotencyKey: body.idempotencyKey ?? (c.req.header("idempotency-key")?.slice(0, 100) || undefined) }),
);
