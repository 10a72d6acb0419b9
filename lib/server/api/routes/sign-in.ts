import "server-only";
import { Hono } from "hono";
import { finishLogin, getUserInfo, loginInvite, logout } from "@/lib/contract/calls/sign-in";
import { finishLogin as finish } from "../../services/sign-in/finish-login";
import { getUserProfile } from "../../services/sign-in/get-user-profile";
import { requestSignInLink } from "../../services/sign-in/request-sign-in-link";
import { revokeSession } from "../../services/sign-in/sessions";
import { clientIp } from "../client-ip";
import { route, type ApiEnv } from "../route";

export const signInRouter = new Hono<ApiEnv>();

// POST /auth/login/invite: e-mails a sign-in link when the address belongs to a user
route(signInRouter, loginInvite, ({ deps, body, c }) => requestSignInLink(deps, { ...body, ip: clientIp(c) }));

// POST /auth/finishLogin: trades a link's token for a session
route(signInRouter, finishLogin, ({ deps, body }) => finish(deps, body));

// POST /auth/logout: revokes the session on the server
route(signInRouter, logout, ({ deps, session }) => revokeSession(deps, session.id));

// GET /user/info: the signed-in user's profile
route(signInRouter, getUserInfo, ({ deps, user }) => getUserProfile(deps.db, user));
