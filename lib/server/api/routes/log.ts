import "server-only";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { postLog } from "@/lib/contract/calls/log";
import { recordClientLog } from "../../services/record-client-log";
import { clientIp } from "../client-ip";
import { ApiError } from "../errors";
import { route, type ApiEnv } from "../route";

/** A batch the browser sends fits in a beacon (64 KB); this leaves room and stops anything larger early. */
export const CLIENT_LOG_MAX_BYTES = 128 * 1024;

export const logRouter = new Hono<ApiEnv>();

logRouter.use(
  postLog.path,
  bodyLimit({
    maxSize: CLIENT_LOG_MAX_BYTES,
    onError: () => {
      throw new ApiError(413, `The log request is larger than ${CLIENT_LOG_MAX_BYTES / 1024} KB.`);
    },
  }),
);

// POST /log: browser log records (console and window errors, render errors, API answers) into the server's JSON log
route(logRouter, postLog, ({ deps, body, c }) => recordClientLog(deps, { records: body.records, ip: clientIp(c), userAgent: c.req.header("user-agent") }));
