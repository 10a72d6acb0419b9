/**
 * What counts as watched. The player samples its position about once a second while a video plays;
 * two samples in playing order at most MAX_STEP_SECONDS apart prove that the learner watched the
 * stretch between them (at up to 2x speed with some timer jitter). A longer jump, or a jump back,
 * is a seek: nothing in between counts. Ranges from every record are merged into one sorted list of
 * disjoint ranges, so a resend or an overlap never counts twice.
 */
export const MAX_STEP_SECONDS = 4;
/** A video is complete once this share of its length has been watched. */
export const COMPLETION_SHARE = 0.9;
/** A stored list never grows past this many ranges; single points are dropped first. */
const MAX_RANGES = 2000;

export type Range = [number, number];

const clamp = (v: number, max: number) => Math.min(Math.max(v, 0), max);

/** The ranges a list of positions proves watched, in the order the player reported them. */
export function samplesToRanges(samples: readonly number[], durationSeconds: number): Range[] {
  const out: Range[] = [];
  let current: Range | null = null;
  let previous: number | null = null;
  for (const raw of samples) {
    if (!Number.isFinite(raw)) continue;
    const t = clamp(raw, durationSeconds);
    if (current && previous !== null && t >= previous && t - previous <= MAX_STEP_SECONDS) {
      current[1] = t;
    } else {
      current = [t, t];
      out.push(current);
    }
    previous = t;
  }
  return out;
}

/**
 * Merges ranges into a sorted list of disjoint ranges. Ranges that overlap, or that are separated by
 * no more than one step, join: the same rule as between two samples of one record, so a record that
 * starts a second after the previous one ended continues it.
 */
export function mergeRanges(ranges: readonly Range[]): Range[] {
  const sorted = ranges
    .filter((r) => Number.isFinite(r[0]) && Number.isFinite(r[1]) && r[1] >= r[0])
    .map((r): Range => [r[0], r[1]])
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const out: Range[] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r[0] - last[1] <= MAX_STEP_SECONDS) last[1] = Math.max(last[1], r[1]);
    else out.push(r);
  }
  if (out.length <= MAX_RANGES) return out;
  const spans = out.filter((r) => r[1] > r[0]);
  return spans.slice(0, MAX_RANGES);
}

/** Seconds covered by a merged list. */
export const coveredSeconds = (ranges: readonly Range[]) => ranges.reduce((sum, r) => sum + (r[1] - r[0]), 0);

/** Whether watched seconds make a video of this length complete. */
export const isWatchedEnough = (watchedSeconds: number, durationSeconds: number) =>
  durationSeconds > 0 && watchedSeconds >= COMPLETION_SHARE * durationSeconds - 1e-6;

/** Rounds stored positions to a tenth of a second, as the player reports them. */
export const roundTenth = (v: number) => Math.round(v * 10) / 10;
