/**
 * A duration as the message that says it (`common.duration.*`) and that message's numbers, the same
 * split formatDuration makes in English: seconds under a minute, else hours and minutes, either left
 * out when it is zero. The words come from each language's message file ("1 hr 5 mins" in English).
 */
export type DurationMessage =
  | { key: "seconds"; values: { seconds: number } }
  | { key: "hours"; values: { hours: number } }
  | { key: "minutes"; values: { minutes: number } }
  | { key: "hoursMinutes"; values: { hours: number; minutes: number } };

export function durationMessage(totalMinutes: number): DurationMessage {
  const value = Number.isFinite(totalMinutes) ? Math.max(0, totalMinutes) : 0;
  const seconds = Math.round(value * 60);
  if (seconds > 0 && seconds < 60) return { key: "seconds", values: { seconds } };
  const minutes = Math.round(value);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours && rest) return { key: "hoursMinutes", values: { hours, minutes: rest } };
  if (hours) return { key: "hours", values: { hours } };
  return { key: "minutes", values: { minutes: rest } };
}
