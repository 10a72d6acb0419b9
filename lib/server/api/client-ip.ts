import "server-only";
import type { HttpBindings } from "@hono/node-server";
import type { Context } from "hono";

/**
 * The caller's address for rate limiting. The right-most X-Forwarded-For entry is the one added by
 * the nearest proxy (the load balancer), so a client behind it cannot choose it. Without one, the
 * address the request came from: Node's socket when the API is served by Node (server.mjs, the
 * standalone API; Next fills X-Forwarded-For with it for the requests it routes).
 */
export function clientIp(c: Context): string {
  const forwarded = c.req.header("x-forwarded-for");
  const last = forwarded?.split(",").map((s) => s.trim()).filter(Boolean).pop();
  const socket = (c.env as Partial<HttpBindings> | undefined)?.incoming?.socket?.remoteAddress;
  return (last ?? c.req.header("x-real-ip") ?? socket ?? "unknown").slice(0, 64);
}
