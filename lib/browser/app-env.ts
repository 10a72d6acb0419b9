export type AppEnv = "dev" | "stage" | "prod";

/** The attribute of <html> the root layout (app/app-document.tsx) writes the running server's APP_ENV into. */
const APP_ENV_ATTRIBUTE = "data-app-env";

let known: AppEnv | undefined;

/**
 * The running server's APP_ENV, as it rendered the page: read at run time, not built into the bundle,
 * because the build and the server it runs on may have been given different settings. Kept once read,
 * so a page whose document was replaced (the global error page) still knows it.
 */
export function runningAppEnv(): AppEnv {
  if (known) return known;
  const value = typeof document === "undefined" ? null : document.documentElement.getAttribute(APP_ENV_ATTRIBUTE);
  if (value === "dev" || value === "stage" || value === "prod") known = value;
  return known ?? "dev";
}
