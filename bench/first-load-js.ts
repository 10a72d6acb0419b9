import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSize, withoutSourceMapComment } from "./first-load-composition";

/** A page of the app as the bench visits it. */
export interface PageTarget {
  name: string;
  path: string;
  /** Cookie header of a signed-in visitor. */
  cookie?: string;
}

export interface PageScripts {
  name: string;
  path: string;
  status: number | null;
  /** False when the build has no route for the path: "not served yet". */
  built: boolean;
  /** Why no figure could be taken, when none was. */
  problem?: string;
  scripts: { url: string; gzipBytes: number }[];
  gzipBytes: number | null;
  /** The document itself, gzipped: the HTML with the page's data and its messages, in its language only. */
  documentGzipBytes?: number;
}

/** The app routes of a build ("/", "/dashboard", "/learn/[nodeType]/[...params]", ...). */
export function builtRoutes(distDir: string): string[] {
  const manifest = JSON.parse(readFileSync(path.join(distDir, "app-path-routes-manifest.json"), "utf8")) as Record<string, string>;
  return Object.values(manifest).filter((route) => !route.startsWith("/_") && !route.startsWith("/api"));
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function routePattern(route: string): RegExp {
  const parts = route.split("/").filter(Boolean);
  const body = parts
    .map((part) => {
      if (/^\[\[\.\.\..+\]\]$/.test(part)) return "(?:/.+)?";
      if (/^\[\.\.\..+\]$/.test(part)) return "/.+";
      if (/^\[.+\]$/.test(part)) return "/[^/]+";
      return `/${escapeRegExp(part)}`;
    })
    .join("");
  return new RegExp(`^${body || "/"}$`);
}

export const isBuilt = (routes: string[], pathname: string) => routes.some((route) => routePattern(route).test(pathname));

const decodeEntities = (s: string) => s.replace(/&amp;/g, "&").replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'");

/**
 * The scripts a page's HTML makes a current browser load at once: script tags, module preloads and
 * script preloads. `nomodule` scripts (the polyfills for browsers without ES modules) are left out:
 * every browser the app supports skips them without downloading them.
 */
export function scriptUrls(html: string): string[] {
  const urls = new Set<string>();
  for (const m of html.matchAll(/<script\b[^>]*>/g)) {
    const src = /\bsrc="([^"]+)"/.exec(m[0])?.[1];
    if (src && !/\bnomodule\b/i.test(m[0])) urls.add(decodeEntities(src));
  }
  for (const m of html.matchAll(/<link\b[^>]*>/g)) {
    const tag = m[0];
    const rel = /\brel="([^"]+)"/.exec(tag)?.[1] ?? "";
    const as = /\bas="([^"]+)"/.exec(tag)?.[1] ?? "";
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    if (href && (rel === "modulepreload" || (rel === "preload" && as === "script"))) urls.add(decodeEntities(href));
  }
  return [...urls].filter((u) => new URL(u, "http://x").pathname.startsWith("/_next/"));
}

/** Fetches a page from the running production server and adds up the gzip size of the scripts it loads. */
export async function measurePage(origin: string, distDir: string, routes: string[], page: PageTarget): Promise<PageScripts> {
  const result: PageScripts = { name: page.name, path: page.path, status: null, built: isBuilt(routes, new URL(page.path, origin).pathname), scripts: [], gzipBytes: null };
  if (!result.built) return { ...result, problem: "not served yet" };
  const res = await fetch(new URL(page.path, origin), { redirect: "manual", headers: page.cookie ? { cookie: page.cookie } : {} });
  result.status = res.status;
  const html = await res.text();
  result.documentGzipBytes = gzipSize(Buffer.from(html));
  if (res.status !== 200) {
    const where = res.headers.get("location");
    return { ...result, problem: `answered ${res.status}${where ? ` (to ${where})` : ""}` };
  }
  for (const url of scriptUrls(html)) {
    const pathname = decodeURIComponent(new URL(url, origin).pathname);
    const file = path.resolve(distDir, pathname.slice("/_next/".length));
    let bytes: Buffer;
    if (file.startsWith(path.resolve(distDir)) && existsSync(file)) {
      bytes = readFileSync(file);
    } else {
      const asset = await fetch(new URL(url, origin));
      if (!asset.ok) throw new Error(`${url} (loaded by ${page.path}) answered ${asset.status}`);
      bytes = Buffer.from(await asset.arrayBuffer());
    }
    result.scripts.push({ url: pathname, gzipBytes: gzipSize(withoutSourceMapComment(bytes)) });
  }
  result.gzipBytes = result.scripts.reduce((sum, s) => sum + s.gzipBytes, 0);
  return result;
}
