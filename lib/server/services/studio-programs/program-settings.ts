import "server-only";
import { inArray } from "drizzle-orm";
import { courses } from "../../db/schema";
import type { Deps } from "../../deps";
import { ApiError, badRequest } from "../../errors";
import { coverImageRefusal } from "../studio-content";
import type { ProgramCourseEntry } from "./program-view";

/**
 * The course list checked: each course exists and is listed once. Answers the courses' keys (for the
 * audit row) in the list's order.
 */
export async function checkedCourses(deps: Deps, list: ProgramCourseEntry[]) {
  const seen = new Set<string>();
  for (const [i, entry] of list.entries()) {
    if (seen.has(entry.courseId)) {
      throw new ApiError(400, "duplicate_course", `courses.${i}.courseId: the course ${entry.courseId} is listed twice; a program holds a course once.`, {}, {
        field: `courses.${i}.courseId`,
        course: entry.courseId,
      });
    }
    seen.add(entry.courseId);
  }
  const found = list.length
    ? await deps.db.select({ id: courses.id, key: courses.key }).from(courses).where(inArray(courses.id, [...seen]))
    : [];
  const keys = new Map(found.map((c) => [c.id, c.key]));
  for (const [i, entry] of list.entries()) {
    if (!keys.has(entry.courseId)) {
      throw new ApiError(400, "unknown_course", `courses.${i}.courseId: no course has the id ${entry.courseId}; choose one of the courses there are.`, {}, {
        reason: "program",
        field: `courses.${i}.courseId`,
        course: entry.courseId,
      });
    }
  }
  return list.map((entry) => ({ ...entry, key: keys.get(entry.courseId)! }));
}

/**
 * A cover may be null, the program's current picture (an imported program's picture stays when its
 * other settings are saved), or an image uploaded in the studio, as a course's cover.
 */
export async function checkImage(deps: Deps, image: string | null, current: string | null) {
  if (image === null || image === current) return;
  const refusal = await coverImageRefusal(deps, image);
  if (refusal) throw badRequest(refusal.message.replace(/^coverImage/, "image").replace("coverImage must", "image must"));
}
