import "server-only";
import * as t from "@/lib/server/db/schema";
import type * as s from "../schema";
import { excluded, type ContentIds, type Tx } from "./rows";

/** Users, matched by lower-cased e-mail; a user's company is one of this run or already in the database. */
export async function writeUsers(tx: Tx, users: s.UserInput[], ids: ContentIds): Promise<void> {
  await ids.resolveCompanies(
    tx,
    users.flatMap((u) => (u.company ? [u.company] : [])),
  );
  if (!users.length) return;
  const rows = await tx
    .insert(t.users)
    .values(
      users.map((u) => ({
        email: u.email,
        name: u.name,
        userKind: u.userKind,
        role: u.role,
        plan: u.plan,
        preferredLanguage: u.preferredLanguage,
        customerProfile: u.customerProfile ?? null,
        educationBackground: u.educationBackground ?? null,
        hasCareerServicesAccess: u.hasCareerServicesAccess,
        hasSoftwareLicenseAccess: u.hasSoftwareLicenseAccess,
        isEnrolledInPgCourse: u.isEnrolledInPgCourse,
        isO3ChatAvailable: u.isO3ChatAvailable,
        phone: u.phone ?? null,
        countryCode: u.countryCode ?? null,
        domain: u.domain ?? null,
        companyId: u.company ? ids.companies.get(u.company)! : null,
      })),
    )
    .onConflictDoUpdate({
      target: t.users.email,
      set: {
        name: excluded(t.users.name),
        userKind: excluded(t.users.userKind),
        role: excluded(t.users.role),
        plan: excluded(t.users.plan),
        preferredLanguage: excluded(t.users.preferredLanguage),
        customerProfile: excluded(t.users.customerProfile),
        educationBackground: excluded(t.users.educationBackground),
        hasCareerServicesAccess: excluded(t.users.hasCareerServicesAccess),
        hasSoftwareLicenseAccess: excluded(t.users.hasSoftwareLicenseAccess),
        isEnrolledInPgCourse: excluded(t.users.isEnrolledInPgCourse),
        isO3ChatAvailable: excluded(t.users.isO3ChatAvailable),
        phone: excluded(t.users.phone),
        countryCode: excluded(t.users.countryCode),
        domain: excluded(t.users.domain),
        companyId: excluded(t.users.companyId),
      },
    })
    .returning({ id: t.users.id, email: t.users.email });
  for (const r of rows) ids.users.set(r.email, r.id);
}
