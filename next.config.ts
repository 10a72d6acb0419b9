import { randomBytes } from "node:crypto";
import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { securityHeaders } from "./lib/security-headers";

// The build id names the folder of the build's manifest (.next/static/<id>/_buildManifest.js), which
// the browser polls to learn that a newer build replaced the one it runs. It is chosen here, once per
// build, and kept in the environment so the build's worker processes, which load this file again,
// agree on it. Set APP_BUILD_ID to give several servers built apart the same id.
process.env.APP_BUILD_ID ||= randomBytes(12).toString("base64url");
const buildId = process.env.APP_BUILD_ID;

const nextConfig: NextConfig = {
  // PGlite ships WASM and data files that must be loaded from node_modules at run time.
  serverExternalPackages: ["@electric-sql/pglite", "pg", "pg-boss", "nodemailer"],
  // /api is a Pages Router API route (pages/api/[[...route]].ts). Bundled, its server code resolves
  // `server-only` as the App Router's does; left to Node, the package would refuse to load.
  bundlePagesRouterDependencies: true,
  poweredByHeader: false,
  // Several root layouts (the product's, and the bench's bare page's): unknown addresses get app/global-not-found.tsx.
  experimental: { globalNotFound: true },
  reactStrictMode: true,
  pageExtensions: process.env.BENCH_BUILD ? ["bench.tsx", "tsx", "ts"] : ["tsx", "ts"],
  // The bench maps each first-load chunk back to the modules in it (bench/first-load-composition.ts).
  productionBrowserSourceMaps: Boolean(process.env.BENCH_BUILD),
  distDir: process.env.NEXT_DIST_DIR || ".next",
  generateBuildId: async () => buildId,
  // Nothing read when the server starts is built in here: APP_ENV reaches the browser through the
  // page (app/app-document.tsx), so one build serves dev, stage and prod (docs/deploy.md). The API's
  // address is built into the browser's code, default included, so that the server's code has the
  // same value and can refuse to start when given another (lib/server/build-settings.ts).
  // BENCH_BUILD is fixed too, so that only the bench's build carries the bench's API additions (instrumentation.ts).
  env: { NEXT_PUBLIC_BUILD_ID: buildId, NEXT_PUBLIC_API_BASE_URL: process.env.NEXT_PUBLIC_API_BASE_URL?.trim() || "/api", BENCH_BUILD: process.env.BENCH_BUILD ? "1" : "" },
  // The spec spells the achievements page /achivements; the usual spelling leads there.
  async redirects() {
    return [{ source: "/achievements", destination: "/achivements", permanent: true }];
  },
  // Security headers on every response Next serves, static files included; proxy.ts adds the page's
  // Content-Security-Policy, and the API sets the same headers on its own answers. These are fixed
  // when the app is built, so they leave out Strict-Transport-Security, which depends on the APP_ENV
  // the server starts with: pages (proxy.ts) and API answers (answers.ts) carry it in stage and prod,
  // and a browser keeps it from the first page it loads.
  async headers() {
    return [{ source: "/:path*", headers: Object.entries(securityHeaders(false)).map(([key, value]) => ({ key, value })) }];
  },
};

// next-intl: each request's language and messages (docs/languages.md).
export default createNextIntlPlugin({
  requestConfig: "./lib/server/i18n/request.ts",
  experimental: { messages: { path: "./messages", format: "json", locales: "infer", precompile: true } },
})(nextConfig);
