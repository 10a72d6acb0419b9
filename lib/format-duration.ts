import { plural } from "./plural";

/**
 * Minutes as 'N hr(s) M min(s)' (e.g. '1 hr 5 mins', '2 hrs', '45 mins'), or '0 mins' when there are
 * none; less than a minute (a 20-second video is 0.33 minutes) shows its seconds: '20 sec'.
 */
export function formatDuration(totalMinutes: number): string {
  const value = Number.isFinite(totalMinutes) ? Math.max(0, totalMinutes) : 0;
  const seconds = Math.round(value * 60);
  if (seconds > 0 && seconds < 60) return `${seconds} sec`;
  const minutes = Math.round(value);
  if (minutes === 0) return "0 mins";
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts: string[] = [];
  if (hours) parts.push(plural(hours, "hr", "hrs"));
  if (rest) parts.push(plural(rest, "min", "mins"));
  return parts.join(" ");
}

/** Seconds, as formatDuration shows them: '20 sec', '1 hr 16 mins'. */
export const formatSeconds = (totalSeconds: number) => formatDuration(totalSeconds / 60);
