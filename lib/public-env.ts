// Client-side values: inlined by Next at build time, so each is read by its literal name. Kept apart
// from lib/env.ts, whose validation of the server's environment the browser does not need.
export const publicEnv = {
  appEnv: (process.env.NEXT_PUBLIC_APP_ENV ?? process.env.APP_ENV ?? "dev") as "dev" | "stage" | "prod",
  apiBaseUrl: process.env.NEXT_PUBLIC_API_BASE_URL || "/api",
  chatWidgetUrl: process.env.NEXT_PUBLIC_CHAT_WIDGET_URL || undefined,
  logUrl: process.env.NEXT_PUBLIC_LOG_URL || undefined,
};
