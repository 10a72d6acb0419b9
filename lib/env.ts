import { z } from "zod";

// Empty strings in the environment count as "not set".
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), schema.optional());

function isPrivateEd25519Jwk(text: string): boolean {
  try {
    const jwk = JSON.parse(text) as Record<string, unknown>;
    return jwk.kty === "OKP" && jwk.crv === "Ed25519" && typeof jwk.x === "string" && typeof jwk.d === "string";
  } catch {
    return false;
  }
}

const serverSchema = z.object({
  // dev, stage or prod: prefixes the session cookie name and decides the Secure cookie flag. Read at start; pages hand it to the browser.
  APP_ENV: z.enum(["dev", "stage", "prod"]).default("dev"),
  // Public address of the site, used in e-mailed links.
  NEXT_PUBLIC_SITE_URL: optional(z.url()),
  // Base URL of the API as the browser sees it. Built into the browser's code: the server refuses to start with another value (lib/server/build-settings.ts).
  NEXT_PUBLIC_API_BASE_URL: optional(z.string()),
  // PostgreSQL connection string; without it the embedded PGlite in PGLITE_DIR is used.
  DATABASE_URL: optional(z.string()),
  // Folder of the embedded database.
  PGLITE_DIR: optional(z.string()),
  // smtp://user:pass@host:port (or smtps://); without it sign-in links are printed to the server log.
  SMTP_URL: optional(z.string()),
  // Sender of e-mails.
  MAIL_FROM: optional(z.string()),
  // Where uploaded files are kept when no S3 bucket is configured.
  UPLOAD_DIR: optional(z.string()),
  // An S3-compatible bucket for every upload (essay attachments, the studio's videos, captions, documents, images) instead of UPLOAD_DIR (needs the two keys below).
  S3_BUCKET: optional(z.string()),
  // The bucket's service address (default https://s3.{S3_REGION}.amazonaws.com); requests are path-style.
  S3_ENDPOINT: optional(z.url()),
  // The bucket's region (default us-east-1).
  S3_REGION: optional(z.string()),
  // Access key of the bucket.
  S3_ACCESS_KEY_ID: optional(z.string()),
  // Secret key of the bucket.
  S3_SECRET_ACCESS_KEY: optional(z.string()),
  // The ffmpeg and ffprobe programs that process uploaded videos (default: ffmpeg and ffprobe on the PATH). Without them a video plays as uploaded.
  FFMPEG_PATH: optional(z.string()),
  FFPROBE_PATH: optional(z.string()),
  // Largest file (bytes) a learner may attach to an essay (default 10485760, 10 MB).
  ESSAY_UPLOAD_MAX_BYTES: optional(z.coerce.number().int().positive()),
  // VdoCipher API secret, to fetch one-time playback credentials for vdocipher videos; without it they show a clear message.
  VDOCIPHER_API_SECRET: optional(z.string()),
  // Chat widget script (Tawk-style). Read when each page is served, so a built app can be pointed at another widget.
  NEXT_PUBLIC_CHAT_WIDGET_URL: optional(z.url()),
  // Log service for browser log records; without it they go to this app's POST /api/log. Read when each page is served.
  NEXT_PUBLIC_LOG_URL: optional(z.url()),
  // Secret shared with the chat widget for its secure mode (tawkHash); optional.
  CHAT_WIDGET_SECRET: optional(z.string()),
  // Sign-in links one e-mail address may ask for in 15 minutes (default 5).
  SIGN_IN_LINKS_PER_EMAIL: optional(z.coerce.number().int().positive()),
  // Sign-in links one IP address may ask for in 15 minutes (default 30).
  SIGN_IN_LINKS_PER_IP: optional(z.coerce.number().int().positive()),
  // Port of the standalone API process (npm run start:api).
  API_PORT: optional(z.coerce.number().int().positive()),
  // Seconds after a deadline during which an answer or draft sent before it still counts (default 30).
  CHALLENGE_GRACE_SECONDS: optional(z.coerce.number().int().min(0).max(300)),
  // How often (ms) each server process looks for timed attempts due to be closed at their deadline (default 5000, at least 500).
  ATTEMPT_SWEEP_INTERVAL_MS: optional(z.coerce.number().int().min(0)),
  // E-mails each server process sends at once (default 4; read by lib/server/jobs/queues.ts).
  MAIL_WORKERS: optional(z.coerce.number().int().min(1).max(64)),
  // Minutes a grader's claim on an essay submission lasts before another grader may take it (default 30).
  GRADING_CLAIM_MINUTES: optional(z.coerce.number().int().min(1).max(24 * 60)),
  // Private key that signs certificate credentials: an Ed25519 JWK as JSON ({"kty":"OKP","crv":"Ed25519","x":…,"d":…}).
  // Without it, development generates one next to the embedded database; stage and prod cannot sign.
  CERTIFICATE_SIGNING_KEY: optional(z.string().refine(isPrivateEd25519Jwk, "must be an Ed25519 private key as a JWK (JSON with kty OKP, crv Ed25519, x and d)")),
  // Public keys (a JSON array of Ed25519 JWKs) that signed certificates before the current key, still published so they keep verifying.
  CERTIFICATE_RETIRED_PUBLIC_KEYS: optional(z.string()),
  // A Learning Record Store's xAPI address (the one before /statements, e.g. https://lrs.example.com/xapi); without it no statement is sent (docs/scorm-xapi.md).
  XAPI_LRS_ENDPOINT: optional(
    z.url({ protocol: /^https?$/, error: "must be the LRS's xAPI address as an http or https URL, e.g. https://lrs.example.com/xapi" }).refine(
      (url) => !URL.canParse(url) || (!new URL(url).search && !new URL(url).hash),
      "must be the LRS's xAPI address without a query or fragment (statements go to {address}/statements)",
    ),
  ),
  // The LRS's HTTP Basic credentials (its key and secret); set both or neither.
  XAPI_LRS_USERNAME: optional(z.string()),
  XAPI_LRS_PASSWORD: optional(z.string()),
  // Origin (scheme, host and port only) that serves SCORM packages' files, apart from the app's ("https://scorm.example.com"); none: the app's own, in a frame sandboxed without allow-same-origin (docs/scorm-xapi.md).
  SCORM_CONTENT_ORIGIN: optional(z.url().refine((v) => new URL(v).origin === v.replace(/\/$/, ""), "must be an origin only, like https://scorm.example.com")),
}).superRefine((env, ctx) => {
  const xapiSettingsOut = xapiSettingProblems(env);
  for (const problem of xapiSettingsOut) ctx.addIssue({ code: "custom", path: [problem.name], message: problem.message });
});

/** What makes the LRS settings unusable together (each alone is checked by its own rule). */
function xapiSettingProblems(env: { XAPI_LRS_ENDPOINT?: string; XAPI_LRS_USERNAME?: string; XAPI_LRS_PASSWORD?: string }): { name: string; message: string }[] {
  const problems: { name: string; message: string }[] = [];
  if (env.XAPI_LRS_USERNAME !== undefined && env.XAPI_LRS_PASSWORD === undefined) {
    problems.push({ name: "XAPI_LRS_PASSWORD", message: "is not set, but XAPI_LRS_USERNAME is: the LRS's Basic credentials need both" });
  }
  if (env.XAPI_LRS_PASSWORD !== undefined && env.XAPI_LRS_USERNAME === undefined) {
    problems.push({ name: "XAPI_LRS_USERNAME", message: "is not set, but XAPI_LRS_PASSWORD is: the LRS's Basic credentials need both" });
  }
  if (env.XAPI_LRS_USERNAME?.includes(":")) {
    problems.push({ name: "XAPI_LRS_USERNAME", message: "must not contain a colon (HTTP Basic credentials cannot carry one in the user name)" });
  }
  if (env.XAPI_LRS_ENDPOINT === undefined && (env.XAPI_LRS_USERNAME !== undefined || env.XAPI_LRS_PASSWORD !== undefined)) {
    problems.push({ name: "XAPI_LRS_ENDPOINT", message: "is not set, but LRS credentials are: set the LRS's xAPI address, or remove the credentials" });
  }
  return problems;
}

export type ServerEnv = z.infer<typeof serverSchema>;

let cached: ServerEnv | undefined;

/** Reads and validates the server's environment once; a bad value stops the process with its name. */
export function serverEnv(): ServerEnv {
  if (cached) return cached;
  const parsed = serverSchema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid environment:\n${lines}`);
  }
  cached = parsed.data;
  return cached;
}

/** For tests that change the environment between cases. */
export function resetServerEnv() {
  cached = undefined;
}

export function siteUrl(env: ServerEnv = serverEnv()): string {
  return (env.NEXT_PUBLIC_SITE_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/$/, "");
}

export { publicEnv } from "./public-env";
