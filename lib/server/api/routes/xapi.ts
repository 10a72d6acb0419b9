import "server-only";
import { Hono } from "hono";
import * as calls from "@/lib/contract/calls/xapi";
import { exportXapiStatements, listXapiStatements } from "../../services/xapi";
import { route, type ApiEnv } from "../route";

export const xapiRouter = new Hono<ApiEnv>();

// GET /studio/xapi/statements: the xAPI statements newest first, with their delivery to the LRS (administrators)
route(xapiRouter, calls.listXapiStatements, ({ deps, query }) => listXapiStatements(deps, query));

// GET /studio/xapi/statements/export: the statements of a date range as JSON (administrators)
route(xapiRouter, calls.exportXapiStatements, ({ deps, query }) => exportXapiStatements(deps, query));
