import "server-only";
import type { CourseEnrollmentState } from "@/lib/contract/entities/shared";
import type { BatchLink, CourseInfo, EnrollmentInfo, EnrollmentType } from "./course-records";
import type { User } from "./user";

/**
 * The one place that decides where a learner stands with a course: enrolled (and whether its
 * content is open), able to enroll with one press, or not, and why. The catalogue's cards, the
 * learning page and the enroll call all read it, so a button is offered exactly when pressing it
 * succeeds. The rules are written out in docs/enrollment.md.
 */

export interface EnrollmentFacts {
  course: Pick<CourseInfo, "courseType" | "priceCents" | "currency" | "isPremium">;
  enrollment: Pick<EnrollmentInfo, "batchId" | "startDate" | "batchExpiresAt" | "grantedAt"> | null;
  /** The learner's batches whose program holds the course, oldest first. */
  batches: BatchLink[];
  user: Pick<User, "plan">;
  now: Date;
}

export interface EnrollmentDecision extends CourseEnrollmentState {
  /** For canEnroll through a batch: the batch to enroll through. */
  batch: BatchLink | null;
}

const decision = (status: CourseEnrollmentState["status"], basis: CourseEnrollmentState["basis"], note: string, batch: BatchLink | null = null): EnrollmentDecision => ({
  status,
  basis,
  note,
  batch,
});

/** A price in the course's currency, as the learner reads it: ₹4,999. */
export const formatPrice = (priceCents: number, currency: string) =>
  new Intl.NumberFormat("en-IN", { style: "currency", currency, maximumFractionDigits: priceCents % 100 ? 2 : 0 }).format(priceCents / 100);

/** A complimentary course is free to every learner; so is a course with no price that is not premium. */
export const isFreeCourse = (course: EnrollmentFacts["course"]) => course.courseType === "complimentary" || (course.priceCents === null && !course.isPremium);

/** Whether a batch enrolls its members in a course of its program by itself: every course (System), or the mandatory ones (Customer). */
export const batchEnrollsMember = (link: Pick<BatchLink, "enrollmentType" | "courseType">) =>
  link.enrollmentType === "System (Auto enroll)" || (link.enrollmentType === "Customer (Scheduled and Optional)" && link.courseType === "mandatory");

/** When an enrollment through a batch starts: a Customer batch's start date (its courses open then); null for the others (at once). */
export const batchStartDate = (link: { enrollmentType: EnrollmentType; startsAt: Date | null }) =>
  link.enrollmentType === "Customer (Scheduled and Optional)" ? link.startsAt : null;

export function decideEnrollment({ course, enrollment, batches, user, now }: EnrollmentFacts): EnrollmentDecision {
  if (enrollment) {
    if (enrollment.startDate && enrollment.startDate > now) return decision("notStarted", null, "Opens on your batch's start date");
    if (enrollment.batchId && enrollment.batchExpiresAt && enrollment.batchExpiresAt <= now)
      return decision("accountExpired", null, "Your batch's access has ended: ask your company admin");
    // Taken alone, a premium course is the Premium plan's (unless complimentary, which is free to all),
    // unless an administrator enrolled the learner (a course bought, or given by the company).
    if (!enrollment.batchId && !enrollment.grantedAt && course.isPremium && !isFreeCourse(course) && user.plan === "Basic")
      return decision("premiumOnly", null, "Premium plan course: ask your company admin to upgrade your plan");
    return decision("open", null, enrollment.batchId ? "Part of your program" : "Enrolled");
  }
  const batch = batches.find((b) => !b.accountExpiresAt || b.accountExpiresAt > now);
  if (batch) return decision("canEnroll", "batch", "Part of your program, at no cost", batch);
  if (isFreeCourse(course)) return decision("canEnroll", "free", course.courseType === "complimentary" ? "Complimentary: free for every learner" : "Free course");
  if (course.isPremium && user.plan === "Premium") return decision("canEnroll", "plan", "Included in your plan");
  if (batches.length) return decision("cannotEnroll", "batch", "Your batch's access has ended: ask your company admin");
  if (course.priceCents !== null) return decision("cannotEnroll", "paid", `Paid course (${formatPrice(course.priceCents, course.currency)}): ask your company admin`);
  return decision("cannotEnroll", "premiumPlan", "Premium plan course: ask your company admin to upgrade your plan");
}

/** The part of a decision the contract carries (the card, the learning page). */
export const enrollmentStateOf = ({ status, basis, note }: EnrollmentDecision): CourseEnrollmentState => ({ status, basis, note });
