import "server-only";

/**
 * Progress in a program: its courses the learner has completed (completion.ts: every video and
 * challenge of the enrolled version), over all its courses, in percent rounded down; a course of
 * the program the learner is not enrolled in counts as not completed.
 */
export function programProgress(courseIds: string[], completed: Set<string>) {
  const completedCourses = courseIds.filter((id) => completed.has(id)).length;
  return { completedCourses, progressInPercentage: courseIds.length ? Math.floor((100 * completedCourses) / courseIds.length) : 0 };
}

/** What a learner reads on a course locked by its program's enforced order when the program has no message of its own. */
export const DEFAULT_LOCKED_MESSAGE = "Complete the mandatory courses before this one to open it.";
