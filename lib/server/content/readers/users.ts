import "server-only";
import { asc, eq } from "drizzle-orm";
import * as t from "@/lib/server/db/schema";
import type { Tx } from "../writers/rows";
import { sortByText } from "./order";

export interface ContentUser {
  email: string;
  name: string;
  userKind: string;
  role: string;
  plan: string;
  preferredLanguage: string;
  customerProfile?: string;
  educationBackground?: string;
  hasCareerServicesAccess: boolean;
  hasSoftwareLicenseAccess: boolean;
  isEnrolledInPgCourse: boolean;
  isO3ChatAvailable: boolean;
  phone?: string;
  countryCode?: string;
  domain?: string;
  company?: string;
}

/** Every user as users.yaml lists them, by e-mail (the reverse of writers/users.ts). */
export async function readUsers(tx: Tx): Promise<ContentUser[]> {
  const rows = await tx
    .select({ user: t.users, company: t.companies.key })
    .from(t.users)
    .leftJoin(t.companies, eq(t.companies.id, t.users.companyId))
    .orderBy(asc(t.users.email));
  const set = <K extends string, V>(key: K, value: V | null) => (value === null ? {} : ({ [key]: value } as { [P in K]: V }));
  return sortByText(rows, (r) => r.user.email).map(({ user: u, company }) => ({
    email: u.email,
    name: u.name,
    userKind: u.userKind,
    role: u.role,
    plan: u.plan,
    preferredLanguage: u.preferredLanguage,
    ...set("customerProfile", u.customerProfile),
    ...set("educationBackground", u.educationBackground),
    hasCareerServicesAccess: u.hasCareerServicesAccess,
    hasSoftwareLicenseAccess: u.hasSoftwareLicenseAccess,
    isEnrolledInPgCourse: u.isEnrolledInPgCourse,
    isO3ChatAvailable: u.isO3ChatAvailable,
    ...set("phone", u.phone),
    ...set("countryCode", u.countryCode),
    ...set("domain", u.domain),
    ...set("company", company),
  }));
}
