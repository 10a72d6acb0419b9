import "server-only";
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { DEFAULT_BRANDING } from "@/lib/branding";
import { certificateSharePath } from "@/lib/certificate-share";
import type { Certificate } from "@/lib/contract/entities/certificates";
import type { Db } from "../../db/client";
import { certificates, companies } from "../../db/schema";
import { courseDurationFields } from "../../domain/course-hours";

export type CertificateRow = typeof certificates.$inferSelect;

/**
 * Certificates earned: the course and master certificates issued to the learner and not revoked
 * (a course's once it is completed, a program's once all its courses are). The certificates due
 * are issued before they are counted, so the figure never lags behind the courses completed. The
 * dashboard shows the same figure.
 */
export const certificatesEarned = (held: Pick<CertificateRow, "revokedAt">[]) => held.filter((c) => c.revokedAt === null).length;

/** A new certificate's public id: 160 random bits, base64url (27 characters). */
export const newCertificateUid = () => randomBytes(20).toString("base64url");

/** Public ids are base64url; anything else cannot be one, and is refused before the database is asked. */
export const isCertificateUid = (uid: string) => /^[A-Za-z0-9_-]{16,64}$/.test(uid);

export const certificateUrl = (siteUrl: string, row: Pick<CertificateRow, "kind" | "uid">) => `${siteUrl}${certificateSharePath(row.kind, row.uid)}`;

/** An issued certificate as the contract shows it. */
export function issuedCertificate(row: CertificateRow, siteUrl: string): Certificate {
  return {
    certificateUID: row.uid,
    userName: row.recipientName,
    courseId: (row.kind === "program" ? row.programId : row.courseId) ?? "",
    courseName: row.title,
    ...courseDurationFields(row.videoSeconds),
    isCourseCompleted: true,
    isMasterCertificate: row.kind === "program",
    url: certificateUrl(siteUrl, row),
    issuedDate: row.issuedAt.toISOString(),
    shareType: row.kind,
    isRevoked: row.revokedAt !== null,
    progressInPercentage: 100,
    issuerName: row.issuerName,
  };
}

export interface CertificateWithIssuer {
  certificate: CertificateRow;
  issuer: { name: string; logoUrl: string | null; logoDarkUrl: string | null };
}

/** One certificate by its public id, with the branding of the company that issued it (the product's when none); one query. */
export async function findCertificateByUid(db: Db, uid: string): Promise<CertificateWithIssuer | null> {
  if (!isCertificateUid(uid)) return null;
  const [row] = await db
    .select({ certificate: certificates, logoUrl: companies.logoUrl, logoDarkUrl: companies.logoDarkUrl })
    .from(certificates)
    .leftJoin(companies, eq(companies.id, certificates.companyId))
    .where(eq(certificates.uid, uid));
  if (!row) return null;
  // The name is the one written when it was issued; the logos are the company's current ones.
  return {
    certificate: row.certificate,
    issuer: row.certificate.companyId
      ? { name: row.certificate.issuerName, logoUrl: row.logoUrl ?? null, logoDarkUrl: row.logoDarkUrl ?? null }
      : { name: row.certificate.issuerName, logoUrl: DEFAULT_BRANDING.logoUrl, logoDarkUrl: DEFAULT_BRANDING.logoDarkUrl },
  };
}
