import "server-only";

/** A setting built into the browser's code, and the value this server was started with. */
interface BuiltSetting {
  name: string;
  /** The value the app was built with, or its default. */
  built: string;
  /** The value in this server's environment, when set. */
  running: string | undefined;
}

const normalized = (value: string) => value.trim().replace(/\/+$/, "");

/**
 * What contradicts the build among the settings the browser's code has built in: one line each,
 * naming the setting, both values and what to do. Settings the browser learns from the running server
 * (APP_ENV, the chat widget's and log service's addresses) cannot contradict it and are not listed.
 */
export function buildSettingContradictions(settings: BuiltSetting[]): string[] {
  return settings
    .filter((s) => s.running !== undefined && s.running.trim() !== "" && normalized(s.running) !== normalized(s.built))
    .map(
      (s) =>
        `${s.name} is "${s.running}" for this server, but the app was built with "${s.built}", and the browser's code uses the value it was built with. ` +
        `Build again with it set (${s.name}=${s.running} npm run build), or start the server without it.`,
    );
}

/**
 * A variable as this process was started with it. The name arrives as an argument: the bundler
 * replaces a lookup of `process.env` by a name it can see, even through a variable, with the build's value.
 */
function startValue(name: string): string | undefined {
  const env: Record<string, string | undefined> = process.env;
  return env[name];
}

/**
 * This process's built-in settings against its environment. `process.env.NEXT_PUBLIC_API_BASE_URL`
 * written out is replaced by the build's value (next.config.ts sets it, default included).
 */
export function contradictedBuildSettings(): string[] {
  return buildSettingContradictions([{ name: "NEXT_PUBLIC_API_BASE_URL", built: process.env.NEXT_PUBLIC_API_BASE_URL || "/api", running: startValue("NEXT_PUBLIC_API_BASE_URL") }]);
}
