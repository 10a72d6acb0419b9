import "server-only";
import { sql } from "drizzle-orm";
import { purchaseIntents } from "../../db/schema";
import type { Deps } from "../../deps";
import { loadLearnerCourse, type User } from "../../domain/course-access";

/**
 * Records that the learner wants to buy a course, for the sales team to call back: one lead per
 * learner and course, counting repeated requests. It grants no access: an administrator answers it
 * in the studio (granting enrolls the learner; docs/enrollment.md).
 */
export async function recordPurchaseIntent(deps: Deps, user: User, body: { id: string; pageUrl?: string }) {
  const learner = await loadLearnerCourse(deps, user, body.id);
  const { course } = learner;
  const now = deps.now();
  // The price is the course's own, whatever the page sent.
  const shownPrice = course.priceCents;
  await deps.db
    .insert(purchaseIntents)
    .values({
      userId: user.id,
      courseId: course.id,
      courseName: course.name,
      priceCents: shownPrice,
      currency: course.currency,
      pageUrl: body.pageUrl ?? null,
      lastRequestedAt: now,
    })
    .onConflictDoUpdate({
      target: [purchaseIntents.userId, purchaseIntents.courseId],
      set: {
        requestCount: sql`${purchaseIntents.requestCount} + 1`,
        priceCents: shownPrice,
        pageUrl: body.pageUrl ?? null,
        lastRequestedAt: now,
        // Asking again after a decline opens the request again for the administrators.
        status: sql`case when ${purchaseIntents.status} = 'declined' then 'open'::purchase_intent_status else ${purchaseIntents.status} end`,
      },
    });
  return {
    isSuccess: true,
    message: learner.enrollment
      ? `You already have access to “${course.name}”; we noted your request anyway.`
      : `Thank you! Our team will contact you about “${course.name}” shortly.`,
  };
}
