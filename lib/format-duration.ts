import { plural } from "./plural";

/** Minutes as 'N hr(s) M min(s)' (e.g. '1 hr 5 mins', '2 hrs', '45 mins'), or '0 mins' when there are none. */
export function formatDuration(totalMinutes: number): string {
  const minutes = Number.isFinite(totalMinutes) ? Math.max(0, Math.round(totalMinutes)) : 0;
  if (minutes === 0) return "0 mins";
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts: string[] = [];
  if (hours) parts.push(plural(hours, "hr", "hrs"));
  if (rest) parts.push(plural(rest, "min", "mins"));
  return parts.join(" ");
}

/** Seconds as formatDuration shows minutes, except under a minute: '20 sec' (and '0 mins' for none). */
export function formatSeconds(totalSeconds: number): string {
  const seconds = Number.isFinite(totalSeconds) ? Math.max(0, Math.round(totalSeconds)) : 0;
  if (seconds > 0 && seconds < 60) return `${seconds} sec`;
  return formatDuration(seconds / 60);
}
