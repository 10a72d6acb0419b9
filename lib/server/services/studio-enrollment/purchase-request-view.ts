import "server-only";
import { alias } from "drizzle-orm/pg-core";
import { eq, sql } from "drizzle-orm";
import { courses, purchaseIntents, users } from "../../db/schema";
import type { Deps } from "../../deps";

const answerer = alias(users, "answerer");

/** A purchase request's columns as the studio shows them: the learner, the course, the answer, and whether they are enrolled now. */
export const purchaseRequestColumns = {
  id: purchaseIntents.id,
  personId: users.id,
  personEmail: users.email,
  personName: users.name,
  courseId: courses.id,
  courseName: courses.name,
  priceCents: purchaseIntents.priceCents,
  currency: purchaseIntents.currency,
  requestCount: purchaseIntents.requestCount,
  requestedAt: purchaseIntents.createdAt,
  lastRequestedAt: purchaseIntents.lastRequestedAt,
  exactLastRequestedAt: sql<string>`to_char(${purchaseIntents.lastRequestedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  status: purchaseIntents.status,
  answeredAt: purchaseIntents.answeredAt,
  answeredById: answerer.id,
  answeredByName: answerer.name,
  note: purchaseIntents.answerNote,
  enrolled: sql<boolean>`exists (select 1 from enrollments e where e.user_id = ${purchaseIntents.userId} and e.course_id = ${purchaseIntents.courseId})`,
};

export const purchaseRequestsFrom = (deps: Deps) =>
  deps.db
    .select(purchaseRequestColumns)
    .from(purchaseIntents)
    .innerJoin(users, eq(users.id, purchaseIntents.userId))
    .innerJoin(courses, eq(courses.id, purchaseIntents.courseId))
    .leftJoin(answerer, eq(answerer.id, purchaseIntents.answeredBy));

type Row = Awaited<ReturnType<ReturnType<typeof purchaseRequestsFrom>["execute"]>>[number];

export const purchaseRequestView = (r: Row) => ({
  id: r.id,
  person: { id: r.personId, email: r.personEmail, name: r.personName },
  course: { id: r.courseId, name: r.courseName },
  priceCents: r.priceCents,
  currency: r.currency,
  requestCount: r.requestCount,
  requestedAt: r.requestedAt.toISOString(),
  lastRequestedAt: r.lastRequestedAt.toISOString(),
  status: r.status,
  answeredAt: r.answeredAt?.toISOString() ?? null,
  answeredBy: r.answeredById ? { id: r.answeredById, name: r.answeredByName! } : null,
  note: r.note,
  enrolled: Boolean(r.enrolled),
});
