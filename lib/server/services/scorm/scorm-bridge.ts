import "server-only";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import type { Deps } from "../../deps";
import { launchCmi, loadScormAttempt } from "./scorm-attempt";

/**
 * The bridge a package's pages get: scorm-again's CrossFrameAPI (a synchronous, cache-first SCORM API
 * that posts every call to the learning page, where scorm-again's real API runs), offered as
 * window.API and window.API_1484_11, its cache filled with the learner's saved CMI data so the
 * package reads its location and suspend data at once, before any message could come back. The
 * package runs with an opaque origin, so it can reach the learning page only through postMessage.
 */
let crossFrameApi: string | undefined;

function crossFrameApiSource(): string {
  if (crossFrameApi !== undefined) return crossFrameApi;
  const candidates = [path.join(process.cwd(), "node_modules/scorm-again/dist/cross-frame-api.min.js")];
  try {
    candidates.push(createRequire(path.join(process.cwd(), "package.json")).resolve("scorm-again/dist/cross-frame-api.min.js"));
  } catch {
    // Only the first place then.
  }
  for (const file of candidates) {
    try {
      crossFrameApi = readFileSync(file, "utf8");
      return crossFrameApi;
    } catch {
      // The next place.
    }
  }
  throw new Error("scorm-again's cross-frame-api.min.js was not found (npm install)");
}

/** JSON safe inside an HTML script element: no "</script>", no "<!--". */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");

/** The script element that gives a package's page the SCORM API, its cache seeded with `cmi`. */
export function bridgeScript(cmi: Record<string, string>): string {
  const seed = `(function(){var C=this.CrossFrameAPI||window.CrossFrameAPI;if(!C)return;var api=new C("*",window.parent,{heartbeatInterval:600000,heartbeatTimeout:1200000});var seed=${scriptJson(cmi)};for(var k in seed){api._cache.set(k,seed[k]);}window.API=api;window.API_1484_11=api;})();`;
  const source = crossFrameApiSource()
    .replace(/^\/\/# sourceMappingURL=.*$/m, "")
    .replace(/<\/script/gi, "<\\/script");
  return `<script>${source}\n${seed}</script>`;
}

/** The page with the bridge as the first thing its head runs (or at its very start when it has no head). */
export function withBridge(html: string, cmi: Record<string, string>): string {
  const script = bridgeScript(cmi);
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (head) return html.slice(0, head.index + head[0].length) + script + html.slice(head.index + head[0].length);
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html);
  if (doctype) return html.slice(0, doctype[0].length) + script + html.slice(doctype[0].length);
  return script + html;
}

/** A page of a launch's package with the bridge, seeded with the launch learner's saved CMI data. */
export async function bridgedPage(deps: Deps, launch: { userId: string; itemId: string }, html: string): Promise<string> {
  const [attempt, [learner]] = await Promise.all([
    loadScormAttempt(deps.db, launch.userId, launch.itemId),
    deps.db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, launch.userId)),
  ]);
  return attempt && learner ? withBridge(html, launchCmi(attempt, learner)) : html;
}
