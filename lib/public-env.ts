// Client-side values: inlined by Next at build time, so each is read by its literal name. Kept apart
// from lib/env.ts, whose validation of the server's environment the browser does not need.
// What the running server may set differently (APP_ENV, the chat widget's and log service's
// addresses) reaches the browser through the page instead (app/app-document.tsx); a running server
// given another NEXT_PUBLIC_API_BASE_URL than its build refuses to start (lib/server/build-settings.ts).
export const publicEnv = {
  apiBaseUrl: process.env.NEXT_PUBLIC_API_BASE_URL || "/api",
  chatWidgetUrl: process.env.NEXT_PUBLIC_CHAT_WIDGET_URL || undefined,
  logUrl: process.env.NEXT_PUBLIC_LOG_URL || undefined,
};
