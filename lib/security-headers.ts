/**
 * The security headers every response carries, pages, static files and the API alike (pages add
 * their Content-Security-Policy in proxy.ts). Next sets them on what it serves (next.config.ts); the
 * API sets them on its own answers (answers.ts), whichever server sends them.
 * `deployed`: stage and prod, which are served over https only.
 */
export function securityHeaders(deployed: boolean): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
    ...(deployed ? { "Strict-Transport-Security": "max-age=63072000; includeSubDomains" } : {}),
  };
}
