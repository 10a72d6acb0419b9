import Cookies from "js-cookie";

/**
 * The page's cookies, read as js-cookie reads them, and written through it. A page start reads the
 * session and campaign cookies a few dozen times (every render of a gate, each campaign parameter):
 * the cookie string is asked of the browser once per run of the page's code (until its microtasks
 * run) or after a write made here, and parsed once for as long as it stays the same. The first
 * cookie of a name wins, as in js-cookie.
 */
let raw: string | null = null;
let parsedFrom: string | null = null;
let jar = new Map<string, string>();

const decode = (text: string) => text.replace(/(%[\dA-F]{2})+/gi, decodeURIComponent);

function parse(cookies: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const pair of cookies ? cookies.split("; ") : []) {
    const at = pair.indexOf("=");
    const rawName = at < 0 ? pair : pair.slice(0, at);
    let value = at < 0 ? "" : pair.slice(at + 1);
    if (value.startsWith('"')) value = value.slice(1, -1);
    try {
      const name = decode(rawName);
      if (!found.has(name)) found.set(name, decode(value));
    } catch {
      // a malformed escape in someone else's cookie: skipped, as js-cookie skips it
    }
  }
  return found;
}

function cookieString(): string {
  if (raw === null) {
    raw = document.cookie;
    // A cookie set by the server or another tab reaches the page in a task of its own.
    queueMicrotask(() => {
      raw = null;
    });
  }
  return raw;
}

export function readCookie(name: string): string | undefined {
  if (typeof document === "undefined") return undefined;
  const cookies = cookieString();
  if (cookies !== parsedFrom) {
    jar = parse(cookies);
    parsedFrom = cookies;
  }
  return jar.get(name);
}

export function writeCookie(name: string, value: string, attributes: Cookies.CookieAttributes) {
  Cookies.set(name, value, attributes);
  raw = null;
}

export function removeCookie(name: string, attributes: Cookies.CookieAttributes) {
  Cookies.remove(name, attributes);
  raw = null;
}
