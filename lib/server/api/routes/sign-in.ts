import "server-only";
import { Hono } from "hono";
import * as calls from "@/lib/contract/calls/sign-in";
import { finishLogin, getUserProfile, logout, requestSignInLink, updatePreferredLanguage } from "../../services/sign-in";
import { clientIp } from "../client-ip";
import { route, type ApiEnv } from "../route";

export const signInRouter = new Hono<ApiEnv>();

// POST /auth/login/invite: e-mails a sign-in link when the address belongs to a user
route(signInRouter, calls.requestSignInLink, ({ deps, body, c }) => requestSignInLink(deps, { ...body, ip: clientIp(c) }));

// POST /auth/finishLogin: trades a link's token for a session
route(signInRouter, calls.finishLogin, ({ deps, body }) => finishLogin(deps, body));

// POST /auth/logout: revokes the session on the server
route(signInRouter, calls.logout, ({ deps, session }) => logout(deps, session.id));

// GET /user/info: the signed-in user's profile
route(signInRouter, calls.getUserProfile, ({ deps, user }) => getUserProfile(deps.db, user));

// PATCH /user/preferredLanguage: the signed-in user's own language
route(signInRouter, calls.updatePreferredLanguage, ({ deps, user, body }) => updatePreferredLanguage(deps.db, user, body));
