import "server-only";
import { Hono } from "hono";
import { fullPath } from "@/lib/contract/call";
import { bodyLimit } from "hono/body-limit";
import * as calls from "@/lib/contract/calls/shell";
import { exportMyData, recordClientLog, recordUserEvent } from "../../services/shell";
import { clientIp } from "../client-ip";
import { ApiError } from "../../errors";
import { route, zipRoute, type ApiEnv } from "../route";

/** A batch the browser sends fits in a beacon (64 KB); this leaves room and stops anything larger early. */
export const CLIENT_LOG_MAX_BYTES = 128 * 1024;

export const shellRouter = new Hono<ApiEnv>();

shellRouter.use(
  fullPath(calls.recordClientLog),
  bodyLimit({
    maxSize: CLIENT_LOG_MAX_BYTES,
    onError: () => {
      throw new ApiError(413, "payload_too_large", `The log request is larger than ${CLIENT_LOG_MAX_BYTES / 1024} KB.`);
    },
  }),
);

// POST /log: browser log records (console and window errors, render errors, API answers) into the server's JSON log
route(shellRouter, calls.recordClientLog, ({ deps, body, c }) => recordClientLog(deps, { records: body.records, ip: clientIp(c), userAgent: c.req.header("user-agent") }));

// POST /user/events: a product-analytics event with campaign data
route(shellRouter, calls.recordUserEvent, ({ deps, user, body, idempotencyKey }) => recordUserEvent(deps, user.id, { ...body, idempotencyKey }));

// GET /user/data-export: everything about the signed-in user, as a zip (the user menu's "Download my data")
zipRoute(shellRouter, calls.exportMyData, ({ deps, user }) => exportMyData(deps, user));
