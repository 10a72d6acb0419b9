import "server-only";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { enrollThroughBatch, type BatchCourseVersion } from "./enroll-through-batch";

/** POST /course/program/autoEnrollment: enrolls a member of an auto-enrolling batch in a course of its program, at once. */
export const autoEnrollInProgram = (deps: Deps, user: User, body: BatchCourseVersion) => enrollThroughBatch(deps, user, body, "auto");
