import "server-only";
import { headers } from "next/headers";
import { cache } from "react";
import { DEFAULT_BRANDING, type Branding } from "@/lib/branding";
import { publicEnv, serverEnv } from "@/lib/env";
import { getDeps } from "./deps";
import { getBranding } from "./services/shell";

/** The brand for this request's Host header, once per request; the product's own when anything goes wrong. */
export const requestBranding = cache(async (): Promise<Branding> => {
  // Outside the try: while Next prerenders, headers() throws to mark the page dynamic, and that must reach Next.
  const host = (await headers()).get("host");
  try {
    const deps = await getDeps();
    return await getBranding(deps.db, host);
  } catch (err) {
    console.error(JSON.stringify({ level: "error", msg: "branding fell back to the default", err: String(err) }));
    return DEFAULT_BRANDING;
  }
});

/**
 * What the browser needs to know of the running server's settings: its APP_ENV (which names the
 * session cookie), and addresses, for which the values built into the client bundle are the fallback.
 */
export function runtimePublicConfig() {
  let env: ReturnType<typeof serverEnv> | undefined;
  try {
    env = serverEnv();
  } catch {
    env = undefined;
  }
  return {
    appEnv: env?.APP_ENV ?? "dev",
    chatWidgetUrl: env?.NEXT_PUBLIC_CHAT_WIDGET_URL ?? publicEnv.chatWidgetUrl,
    logUrl: env?.NEXT_PUBLIC_LOG_URL ?? publicEnv.logUrl ?? `${publicEnv.apiBaseUrl.replace(/\/$/, "")}/log`,
    buildId: process.env.NEXT_PUBLIC_BUILD_ID || undefined,
  };
}
