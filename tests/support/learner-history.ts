import fc from "fast-check";

// Random learner histories for the property tests of progress (tests/api/*.property.test.ts): what a
// learner did in each course of a program, played through the API by each test.

/** How far a learner took a quiz or an essay. */
export type ChallengeState = "none" | "started" | "submitted";

/** One course's history: enrolled or not, watches (video, first and last 10-second segment), videos marked complete, and each challenge's state. */
export interface CourseHistory {
  enrolled: boolean;
  watches: [number, number, number][];
  marks: number[];
  challenges: ChallengeState[];
}

/** A whole video watched, first segment to last. */
const wholeVideo = fc.nat(2).map((v): [number, number, number] => [v, 0, 9]);
/** A stretch of a video, its segments in either order. */
const stretch = fc.tuple(fc.nat(2), fc.nat(9), fc.nat(9));

/**
 * One course's random history, of up to `maxWatches` watches and four challenges, each state drawn
 * from `challengeStates` (a state named twice comes twice as often).
 */
export const courseHistory = ({ maxWatches, challengeStates }: { maxWatches: number; challengeStates: readonly ChallengeState[] }): fc.Arbitrary<CourseHistory> =>
  fc.record({
    enrolled: fc.boolean(),
    watches: fc.array(fc.oneof(wholeVideo, stretch), { maxLength: maxWatches }),
    marks: fc.array(fc.nat(2), { maxLength: 2 }),
    challenges: fc.array(fc.constantFrom(...challengeStates), { minLength: 4, maxLength: 4 }),
  });

/** A program's history: one course history for each course key. */
export const programHistory = <K extends string>(courses: readonly K[], course: fc.Arbitrary<CourseHistory>) =>
  fc.record(Object.fromEntries(courses.map((key) => [key, course]))) as fc.Arbitrary<Record<K, CourseHistory>>;

/** A course done in full (or, not enrolled, only watched): each of its `videos` watched whole, every challenge submitted. */
export const everythingDone = (enrolled: boolean, videos: number): CourseHistory => ({
  enrolled,
  watches: Array.from({ length: videos }, (_, v) => [v, 0, 9] as [number, number, number]),
  marks: [],
  challenges: ["submitted", "submitted", "submitted", "submitted"],
});
