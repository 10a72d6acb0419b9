import "server-only";
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { serverEnv } from "@/lib/env";
import type { UserProfile } from "@/lib/contract/user";
import { hmacHex } from "../../auth/tokens";
import type { Db } from "../../db/client";
import { courses, enrollments, users } from "../../db/schema";

export type UserRow = typeof users.$inferSelect;

/** The profile of the signed-in user, in the contract's shape. */
export async function getUserProfile(db: Db, user: UserRow): Promise<UserProfile> {
  // Courses bought alone are enrollments of a priced course outside any batch.
  const purchased = await db
    .select({ courseId: enrollments.courseId })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(
      and(eq(enrollments.userId, user.id), isNotNull(courses.priceCents), isNull(enrollments.batchId), eq(enrollments.enrollmentType, "No Auto Enrollment")),
    );
  return toUserProfile(user, purchased.map((p) => p.courseId));
}

export function toUserProfile(user: UserRow, videoCoursesPurchased: string[]): UserProfile {
  const chatSecret = serverEnv().CHAT_WIDGET_SECRET;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    countryCode: user.countryCode,
    phone: user.phone,
    domain: user.domain,
    preferredLanguage: user.preferredLanguage,
    plan: user.plan,
    isPremiumUser: user.plan === "Premium",
    videoCoursesPurchased,
    customerProfile: user.customerProfile,
    educationBackground: user.educationBackground,
    hasCareerServicesAccess: user.hasCareerServicesAccess,
    hasSoftwareLicenseAccess: user.hasSoftwareLicenseAccess,
    isEnrolledInPgCourse: user.isEnrolledInPgCourse,
    isO3ChatAvailable: user.isO3ChatAvailable,
    tawkHash: chatSecret ? hmacHex(chatSecret, user.email) : null,
    userKind: user.userKind,
    role: user.role,
  };
}
