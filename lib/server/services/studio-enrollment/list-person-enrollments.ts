import "server-only";
import type { Deps } from "../../deps";
import { findPersonId, personEnrollments } from "./person-enrollments";

/** A person's enrollments, by course name, with each course's published versions (a person has at most one per course, so the list is not paged). */
export async function listPersonEnrollments(deps: Deps, query: { id: string }) {
  const person = await findPersonId(deps, query.id);
  return { enrollments: await personEnrollments(deps, person.id) };
}
