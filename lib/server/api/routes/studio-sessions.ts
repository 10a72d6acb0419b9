import "server-only";
import { Hono } from "hono";
import * as calls from "@/lib/contract/calls/studio-sessions";
import { cancelSession, createSession, getSession, listSessionCourses, listSessions, updateSession } from "../../services/studio-sessions";
import { route, type ApiEnv } from "../route";

export const studioSessionsRouter = new Hono<ApiEnv>();

// GET /studio/sessions: upcoming or past group sessions with registrant counts (administrators)
route(studioSessionsRouter, calls.listSessions, ({ deps, query }) => listSessions(deps, query));

// GET /studio/sessions/courses: the courses a session may be for (administrators)
route(studioSessionsRouter, calls.listSessionCourses, ({ deps }) => listSessionCourses(deps));

// POST /studio/sessions: makes a group session (administrators; audited)
route(studioSessionsRouter, calls.createSession, ({ deps, user, body }) => createSession(deps, user, body));

// GET /studio/session: one session and who registered (administrators)
route(studioSessionsRouter, calls.getSession, ({ deps, query }) => getSession(deps, query));

// PATCH /studio/session: changes a session; a calendar change e-mails its learners (administrators; audited)
route(studioSessionsRouter, calls.updateSession, ({ deps, user, body }) => updateSession(deps, user, body));

// POST /studio/session/cancel: cancels a session and e-mails its learners (administrators; audited)
route(studioSessionsRouter, calls.cancelSession, ({ deps, user, body }) => cancelSession(deps, user, body));
