import "server-only";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { enrollThroughBatch, type BatchCourseVersion } from "./enroll-through-batch";

/** POST /course/program/scheduleEnrollment: enrolls a member of a scheduled batch from the batch's start date (or now, once it has passed). */
export const scheduleProgramEnrollment = (deps: Deps, user: User, body: BatchCourseVersion) => enrollThroughBatch(deps, user, body, "schedule");
