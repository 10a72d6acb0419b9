import "server-only";
import { and, asc, eq, isNotNull } from "drizzle-orm";
import { courses, meetings } from "../../db/schema";
import type { Deps } from "../../deps";
import { autoEnrollMember } from "../../domain/enrollment";
import type { User } from "../../domain/user";
import { visibleTo } from "./meeting-records";

/**
 * GET /GroupMeeting/filters/course-names: the courses of the group sessions the learner can see, past
 * ones included, by name; enrolls an auto-enroll batch's member first, as the sessions list does.
 */
export async function listMeetingCourses(deps: Deps, user: User) {
  await autoEnrollMember(deps.db, user.id);
  return deps.db
    .selectDistinct({ courseId: courses.id, courseName: courses.name })
    .from(meetings)
    .innerJoin(courses, eq(courses.id, meetings.courseId))
    .where(and(isNotNull(meetings.courseId), visibleTo(deps.db, user)))
    .orderBy(asc(courses.name), asc(courses.id));
}
