import { NextResponse, type NextRequest } from "next/server";
import { certificateSharePageUid, isProtectedPath, loginRedirectPath } from "@/lib/routes";
import { sessionCookieName } from "@/lib/session-cookie";


/** The origin of an optional configured URL, or nothing when it is unset or not a URL. */
function originOf(url: string | undefined): string[] {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
}

/**
 * A setting as the running server is configured. Looked up by a computed name: Next builds
 * `process.env.NEXT_PUBLIC_…` written out into the bundle, and these may change after the build.
 */
function runtimeSetting(name: "APP_ENV" | "NEXT_PUBLIC_LOG_URL" | "NEXT_PUBLIC_CHAT_WIDGET_URL"): string | undefined {
  const env: Record<string, string | undefined> = process.env;
  return env[name]?.trim() || undefined;
}

// The session cookie is named for the APP_ENV the server was started with, as the API and the pages read it.
const appEnv = runtimeSetting("APP_ENV") ?? "dev";
const sessionCookie = sessionCookieName(appEnv);
// `next dev` only: React and Next use eval there to rebuild server error stacks and for hot reloading.
const devServer = process.env.NODE_ENV === "development";
// Stage and prod are served over https only.
const deployed = appEnv !== "dev";

const chatOrigins = originOf(runtimeSetting("NEXT_PUBLIC_CHAT_WIDGET_URL") ?? process.env.NEXT_PUBLIC_CHAT_WIDGET_URL);
const logOrigins = originOf(runtimeSetting("NEXT_PUBLIC_LOG_URL") ?? process.env.NEXT_PUBLIC_LOG_URL);
// Services the browser talks to besides this site: the log collector and the chat widget.
const connectSources = ["'self'", ...logOrigins, ...chatOrigins];
// Course videos are embedded from these providers; the chat widget draws itself in frames of its own origin.
// SCORM packages play in a sandboxed frame of this site's /api/scorm/launch/ (or of SCORM_CONTENT_ORIGIN).
const scormOrigins = originOf(process.env.SCORM_CONTENT_ORIGIN);
const frameSources = ["'self'", "https://www.youtube-nocookie.com", "https://www.youtube.com", "https://player.vdocipher.com", ...scormOrigins, ...chatOrigins];

function contentSecurityPolicy(nonce: string) {
  const directives = [
    "default-src 'self'",
    // Next puts the nonce on its own scripts; 'strict-dynamic' lets those scripts load the page's chunks.
    // The chat widget's origin is listed for browsers without 'strict-dynamic'; the others trust the nonce the widget's script gets.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${chatOrigins.map((o) => ` ${o}`).join("")}${devServer ? " 'unsafe-eval'" : ""}`,
    // Inline styles stay allowed: Tailwind's and React's style attributes and Next's inline style tags
    // would otherwise need a nonce each, and style injection cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob: https:",
    `connect-src ${connectSources.join(" ")}`,
    `frame-src ${frameSources.join(" ")}`,
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(deployed ? ["upgrade-insecure-requests"] : []),
  ];
  return directives.join("; ");
}

// The same headers are set for everything else (static files, /api) in next.config.ts.
const securityHeaders: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
  ...(deployed ? { "Strict-Transport-Security": "max-age=63072000; includeSubDomains" } : {}),
};

function withSecurityHeaders(response: NextResponse, csp: string) {
  response.headers.set("Content-Security-Policy", csp);
  for (const [name, value] of Object.entries(securityHeaders)) response.headers.set(name, value);
  return response;
}

/**
 * This server's own address, where it asks its API (never an address taken from the request, which
 * a visitor could point elsewhere): the one Next listens on, else localhost and PORT.
 */
function ownOrigin(): string | null {
  const env: Record<string, string | undefined> = process.env;
  return env.__NEXT_PRIVATE_ORIGIN || (env.PORT ? `http://127.0.0.1:${env.PORT}` : null);
}

/**
 * Whether a share page's certificate is revoked, as the API says (GET /course/getCertificateStatus).
 * Only its HTTP status depends on it: the page itself shows a revoked certificate as revoked anyway,
 * so when the API cannot be asked in time the page is served as it is.
 */
async function isRevokedCertificate(uid: string): Promise<boolean> {
  const origin = ownOrigin();
  if (!origin) return false;
  try {
    const res = await fetch(`${origin}/api/course/getCertificateStatus?certificateUID=${encodeURIComponent(uid)}`, {
      signal: AbortSignal.timeout(2000),
      cache: "no-store",
    });
    if (!res.ok) return false;
    return ((await res.json()) as { status?: string }).status === "revoked";
  } catch {
    return false;
  }
}

// An optimistic check only: it sends visitors with no session cookie home. Every API call checks the session itself.
// A revoked certificate's public page is answered with 410 Gone.
export async function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const csp = contentSecurityPolicy(nonce);

  const { pathname, search } = request.nextUrl;
  if (isProtectedPath(pathname) && !request.cookies.get(sessionCookie)?.value) {
    return withSecurityHeaders(NextResponse.redirect(new URL(loginRedirectPath(`${pathname}${search}`), request.url)), csp);
  }

  // Next reads the nonce from the request's policy and puts it on the scripts it renders.
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", csp);
  // The page's path, for the document to know which page it holds (app/app-document.tsx).
  requestHeaders.set("x-page-path", pathname);
  const certificateUid = certificateSharePageUid(pathname);
  if (certificateUid && (await isRevokedCertificate(certificateUid))) {
    return withSecurityHeaders(NextResponse.rewrite(request.nextUrl, { status: 410, request: { headers: requestHeaders } }), csp);
  }
  return withSecurityHeaders(NextResponse.next({ request: { headers: requestHeaders } }), csp);
}

export const config = {
  matcher: ["/((?!api|_next/static|_next/image|favicon.ico|brand/|.*\\.(?:svg|png|jpg|jpeg|webp|ico|mp4|vtt)$).*)"],
};
