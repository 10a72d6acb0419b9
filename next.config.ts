import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // PGlite ships WASM and data files that must be loaded from node_modules at run time.
  serverExternalPackages: ["@electric-sql/pglite", "pg", "nodemailer"],
  poweredByHeader: false,
  reactStrictMode: true,
  // The session cookie's name depends on APP_ENV, and the browser needs to know it.
  env: { NEXT_PUBLIC_APP_ENV: process.env.APP_ENV || "dev" },
};

export default nextConfig;
