import "server-only";
import { Hono } from "hono";
import { finishLogin, loginInvite, logout } from "@/lib/contract/calls/auth";
import { finishLogin as finish } from "../../services/finish-login";
import { requestSignInLink } from "../../services/request-sign-in-link";
import { revokeSession } from "../../services/sessions";
import { clientIp } from "../client-ip";
import { route, type ApiEnv } from "../route";

export const authRouter = new Hono<ApiEnv>();

// POST /auth/login/invite: e-mails a sign-in link when the address belongs to a user
route(authRouter, loginInvite, ({ deps, body, c }) => requestSignInLink(deps, { ...body, ip: clientIp(c) }));

// POST /auth/finishLogin: trades a link's token for a session
route(authRouter, finishLogin, ({ deps, body }) => finish(deps, body));

// POST /auth/logout: revokes the session on the server
route(authRouter, logout, ({ deps, session }) => revokeSession(deps, session.id));
