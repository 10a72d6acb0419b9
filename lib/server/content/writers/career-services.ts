import "server-only";
import { sql } from "drizzle-orm";
import * as t from "@/lib/server/db/schema";
import { CSET_DEFAULT_ATTEMPTS } from "@/lib/server/services/career-services";
import type * as s from "../schema";
import { excluded, type ContentIds, type Tx } from "./rows";

/**
 * Career-services records, by learner (a user of this run or already in the database): each replaces
 * the learner's whole record, so importing the same file twice changes nothing.
 */
export async function writeCareerServiceRecords(tx: Tx, records: s.CareerServicesInput[], ids: ContentIds, now: Date): Promise<void> {
  if (!records.length) return;
  await ids.resolveUsers(
    tx,
    records.map((r) => r.email),
  );
  const byDate = <T>(list: T[], at: (x: T) => Date) => [...list].sort((a, b) => at(a).getTime() - at(b).getTime());
  await tx
    .insert(t.careerServiceRecords)
    .values(
      records.map((r) => ({
        userId: ids.users.get(r.email)!,
        csetAttemptsAllowed: r.csetAttemptsAllowed ?? CSET_DEFAULT_ATTEMPTS,
        csetAttempts: byDate(r.csetAttempts, (a) => a.takenAt).map((a) => ({ takenAt: a.takenAt.toISOString(), result: a.result })),
        mockInterviewsGranted: r.mockInterviews.granted,
        mockInterviewsUsed: r.mockInterviews.used,
        clientInterviewsGranted: r.clientInterviews.granted,
        clientInterviewsUsed: r.clientInterviews.used,
        offers: byDate(r.offers, (o) => o.receivedAt).map((o) => ({ company: o.company, role: o.role, receivedAt: o.receivedAt.toISOString() })),
        updatedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: t.careerServiceRecords.userId,
      set: {
        csetAttemptsAllowed: excluded(t.careerServiceRecords.csetAttemptsAllowed),
        csetAttempts: excluded(t.careerServiceRecords.csetAttempts),
        mockInterviewsGranted: excluded(t.careerServiceRecords.mockInterviewsGranted),
        mockInterviewsUsed: excluded(t.careerServiceRecords.mockInterviewsUsed),
        clientInterviewsGranted: excluded(t.careerServiceRecords.clientInterviewsGranted),
        clientInterviewsUsed: excluded(t.careerServiceRecords.clientInterviewsUsed),
        offers: excluded(t.careerServiceRecords.offers),
        updatedAt: excluded(t.careerServiceRecords.updatedAt),
      },
      // An unchanged record is not rewritten (its updatedAt stays).
      setWhere: sql`(${t.careerServiceRecords.csetAttemptsAllowed}, ${t.careerServiceRecords.csetAttempts}, ${t.careerServiceRecords.mockInterviewsGranted},
        ${t.careerServiceRecords.mockInterviewsUsed}, ${t.careerServiceRecords.clientInterviewsGranted}, ${t.careerServiceRecords.clientInterviewsUsed},
        ${t.careerServiceRecords.offers}) is distinct from (${excluded(t.careerServiceRecords.csetAttemptsAllowed)}, ${excluded(t.careerServiceRecords.csetAttempts)},
        ${excluded(t.careerServiceRecords.mockInterviewsGranted)}, ${excluded(t.careerServiceRecords.mockInterviewsUsed)},
        ${excluded(t.careerServiceRecords.clientInterviewsGranted)}, ${excluded(t.careerServiceRecords.clientInterviewsUsed)}, ${excluded(t.careerServiceRecords.offers)})`,
    });
}
