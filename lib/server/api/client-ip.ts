import "server-only";
import type { Context } from "hono";

/**
 * The caller's address for rate limiting. The right-most X-Forwarded-For entry is the one added by
 * the nearest proxy (Next's own server, or the load balancer), so a client cannot choose it.
 */
export function clientIp(c: Context): string {
  const forwarded = c.req.header("x-forwarded-for");
  const last = forwarded?.split(",").map((s) => s.trim()).filter(Boolean).pop();
  return (last ?? c.req.header("x-real-ip") ?? "unknown").slice(0, 64);
}
