import "server-only";
import { recordAudit } from "../../domain/audit";
import { eq, sql } from "drizzle-orm";
import { courses, courseVersions, enrollments, purchaseIntents, users } from "../../db/schema";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { ApiError, notFound } from "../../errors";
import { type EnrollmentAuditRow } from "./audit";
import { purchaseRequestsFrom, purchaseRequestView } from "./purchase-request-view";

/**
 * Answers an open purchase request, in one transaction with its audit row. Granting enrolls the
 * learner in the course's current version, marked granted so it opens whatever their plan (an
 * enrollment they had already is marked granted too); declining keeps the note for the learner. A
 * request answered already is refused, saying how it was answered; when the learner asks again after a
 * decline, it is open again (recordPurchaseIntent). A decline is e-mailed to the learner with the note.
 */
export async function answerPurchaseRequest(deps: Deps, actor: User, body: { id: string; decision: "grant" | "decline"; note?: string }) {
  const now = deps.now();
  const learnerId = await deps.db.transaction(async (tx) => {
    const [request] = await tx
      .select({
        id: purchaseIntents.id,
        userId: purchaseIntents.userId,
        courseId: purchaseIntents.courseId,
        status: purchaseIntents.status,
        answeredAt: purchaseIntents.answeredAt,
        courseName: courses.name,
        courseType: courses.courseType,
        email: users.email,
      })
      .from(purchaseIntents)
      .innerJoin(courses, eq(courses.id, purchaseIntents.courseId))
      .innerJoin(users, eq(users.id, purchaseIntents.userId))
      .where(eq(purchaseIntents.id, body.id))
      .for("update", { of: purchaseIntents });
    if (!request) throw notFound("id: no purchase request has this id.", "purchase_request_not_found");
    if (request.status !== "open") {
      throw new ApiError(409, "purchase_request_answered", `This request was ${request.status} already, on ${request.answeredAt?.toISOString().slice(0, 10) ?? "an earlier day"}.`, {}, {
        status: request.status,
        ...(request.answeredAt ? { answeredAt: request.answeredAt.toISOString() } : {}),
      });
    }
    const note = body.decision === "decline" && body.note ? body.note : null;
    if (body.decision === "grant") {
      const [version] = await tx
        .select({ id: courseVersions.id })
        .from(courseVersions)
        .where(eq(courseVersions.courseId, request.courseId))
        .orderBy(sql`${courseVersions.isCurrent} desc`, sql`${courseVersions.releasedAt} desc`)
        .limit(1);
      if (!version) {
        throw new ApiError(409, "course_not_enrollable", `“${request.courseName}” has no published version yet: publish it first.`, {}, { reason: "unpublished", course: request.courseName });
      }
      await tx
        .insert(enrollments)
        .values({ userId: request.userId, courseId: request.courseId, versionId: version.id, enrollmentType: "No Auto Enrollment", courseType: request.courseType, grantedAt: now })
        .onConflictDoUpdate({ target: [enrollments.userId, enrollments.courseId], set: { grantedAt: sql`coalesce(${enrollments.grantedAt}, ${now.toISOString()}::timestamptz)` } });
    }
    const status = body.decision === "grant" ? ("granted" as const) : ("declined" as const);
    await tx.update(purchaseIntents).set({ status, answeredAt: now, answeredBy: actor.id, answerNote: note }).where(eq(purchaseIntents.id, request.id));
    await recordAudit<EnrollmentAuditRow>(tx, [
      {
        actorId: actor.id,
        targetUserId: request.userId,
        courseId: request.courseId,
        action: body.decision === "grant" ? "purchase.grant" : "purchase.decline",
        summary: body.decision === "grant" ? `Granted ${request.email}'s request to buy “${request.courseName}”: enrolled` : `Declined ${request.email}'s request to buy “${request.courseName}”`,
        before: { status: "open" },
        after: { status, note },
        at: now,
      },
    ]);
    return request.userId;
  });
  // A decline is e-mailed to the learner with the note, once per answer (a later decline of the same
  // request, after the learner asked again, is an answer of its own), through the job engine's mail.
  if (body.decision === "decline") {
    const answeredAt = now.toISOString();
    await deps.jobs.send("mail", `purchase-declined:${body.id}:${answeredAt}`, { template: "purchase-declined", requestId: body.id, userId: learnerId, answeredAt });
  }
  const [row] = await purchaseRequestsFrom(deps).where(eq(purchaseIntents.id, body.id));
  return { request: purchaseRequestView(row!) };
}
