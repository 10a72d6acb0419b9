import "server-only";
import { and, eq, isNull, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { certificates } from "../../db/schema";
import { notFound } from "../../errors";
import type { CertificateRow } from "./certificate-records";

/*
 * An operator's decisions about an issued certificate (npm run certificates -- revoke|reissue UID, or an
 * administrator's POST /course/certificate/revoke|reissue).
 * Revoking keeps the certificate and its address: the share page answers 410, the credential's status
 * bit is set, and no new certificate is issued for the same course while it is revoked. Reissuing
 * clears the revocation: the same UID, the same address, the same credential.
 */

/** Revokes an issued certificate; null when no certificate has this id. Revoking it again changes nothing. */
export async function revokeCertificateRow(db: Db, uid: string, reason: string | null, now: Date): Promise<CertificateRow | null> {
  const [revoked] = await db
    .update(certificates)
    .set({ revokedAt: now, revocationReason: reason })
    .where(and(eq(certificates.uid, uid), isNull(certificates.revokedAt)))
    .returning();
  if (revoked) return revoked;
  const [existing] = await db.select().from(certificates).where(eq(certificates.uid, uid));
  return existing ?? null;
}

/** The revocation reason of the certificates of a person deleted on request: their share pages say so. */
export const HOLDER_DELETED = "deleted at its holder's request";

/**
 * Withdraws every certificate of a person deleted on request, in the caller's transaction: each is
 * revoked (its share page answers 410, its credential's status bit is set) and loses the name it was
 * issued to. Certificates already revoked keep their date and take the new reason.
 */
export async function withdrawHolderCertificates(db: Db, userId: string, now: Date): Promise<number> {
  const withdrawn = await db
    .update(certificates)
    .set({ revokedAt: sql`coalesce(${certificates.revokedAt}, ${now.toISOString()}::timestamptz)`, revocationReason: HOLDER_DELETED, recipientName: "" })
    .where(eq(certificates.userId, userId))
    .returning({ uid: certificates.uid });
  return withdrawn.length;
}

/** Reissues a revoked certificate under the same UID; null when no certificate has this id. */
export async function reissueCertificateRow(db: Db, uid: string): Promise<CertificateRow | null> {
  const [reissued] = await db
    .update(certificates)
    .set({ revokedAt: null, revocationReason: null })
    .where(and(eq(certificates.uid, uid), isNotNull(certificates.revokedAt)))
    .returning();
  if (reissued) return reissued;
  const [existing] = await db.select().from(certificates).where(eq(certificates.uid, uid));
  return existing ?? null;
}

/** What an administrator's revoke or reissue call answers: the certificate's state after it; 404 for an unknown id. */
export function decisionAnswer(row: CertificateRow | null) {
  if (!row) throw notFound("No certificate has this id.", "certificate_not_found");
  return {
    certificateUID: row.uid,
    shareType: row.kind,
    status: row.revokedAt ? ("revoked" as const) : ("active" as const),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    revocationReason: row.revocationReason,
  };
}
