/** Keys whose values are never logged: tokens, cookies, the sign-in link's id, secrets. */
const SECRET_KEY = /authorization|cookie|token|invite_?id|password|secret|hash|session|api_?key/i;

/** Calls whose request and response carry the learner's answers: only their method, path and status are logged. */
const ANSWER_PATHS = [/\/video\/mcq\/answer\b/i, /\/video\/essayBlock\/submit\b/i, /\/video\/mcqBlock\/submit\b/i];
export const carriesAnswers = (url: string) => ANSWER_PATHS.some((re) => re.test(url));

export const REDACTED = "[redacted]";
const MAX_TEXT = 2000;

/** Removes bearer tokens, token-like URL parameters and session cookie values from free text. */
export function redactText(text: string): string {
  return text
    .replace(/(bearer\s+)[^\s"',;]+/gi, `$1${REDACTED}`)
    .replace(/([?&#;\s"']?(?:inviteId|userToken|token|access_token|id_token)=)[^&#\s"';]+/gi, `$1${REDACTED}`)
    .replace(/(userTokenSklGrow=)[^;\s"']+/gi, `$1${REDACTED}`)
    .replace(/("?(?:userToken|inviteId|authorization|tawkHash)"?\s*:\s*")[^"]*"/gi, `$1${REDACTED}"`);
}

/** A copy of `value` safe to log: secret keys blanked, text cleaned and shortened, depth and size bounded. */
export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return truncate(redactText(value), MAX_TEXT);
  if (value === null || typeof value === "number" || typeof value === "boolean") return value;
  if (value === undefined) return undefined;
  if (depth >= 4) return "[…]";
  if (Array.isArray(value)) return value.slice(0, 20).map((item) => redact(item, depth + 1));
  if (value instanceof Error) return { name: value.name, message: redact(value.message, depth + 1), stack: redact(value.stack ?? "", depth + 1) };
  if (typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value as Record<string, unknown>).slice(0, 30)) {
      out[key] = SECRET_KEY.test(key) ? REDACTED : redact(inner, depth + 1);
    }
    return out;
  }
  return String(value);
}

/** A page address without its fragment (where the sign-in link keeps its token) and with token parameters blanked. */
export function redactUrl(href: string): string {
  const noHash = href.split("#")[0] ?? "";
  return truncate(redactText(noHash), MAX_TEXT);
}

export function truncate(text: string, max: number) {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
