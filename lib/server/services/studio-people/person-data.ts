import "server-only";
import { Readable } from "node:stream";
import { asc, eq, inArray } from "drizzle-orm";
import { ZipFile } from "yazl";
import {
  badgeAwards,
  batches,
  batchMembers,
  careerServiceRecords,
  certificates,
  enrollments,
  essayAttempts,
  essayEvaluations,
  essayUploads,
  invites,
  mcqAnswers,
  mcqAttempts,
  meetingRegistrations,
  notificationOptOuts,
  purchaseIntents,
  sessions,
  studioAudit,
  timedBlockGrants,
  userEvents,
  users,
  videoLikes,
  videoProgress,
  videoWatchTime,
} from "../../db/schema";
import type { Deps } from "../../deps";
import { fileStoreFromEnv } from "../../storage/file-store";

/** Drops the columns an export never carries: secrets (token hashes) and other people's ids. */
function without<T extends Record<string, unknown>>(rows: T[], ...columns: string[]) {
  return rows.map((row) => Object.fromEntries(Object.entries(row).filter(([key]) => !columns.includes(key))));
}

/**
 * Everything the platform holds about one person, one list of records per kind, read in turn (a
 * statement each; a person's own rows are few). Sessions and links keep their times, never a token's
 * hash; a grade keeps its marks and comments, not the grader's id.
 */
export async function personRecords(deps: Deps, userId: string) {
  const db = deps.db;
  const [profile] = await db.select().from(users).where(eq(users.id, userId));
  const myEssays = await db.select().from(essayAttempts).where(eq(essayAttempts.userId, userId)).orderBy(asc(essayAttempts.startedAt));
  const myMcqs = await db.select().from(mcqAttempts).where(eq(mcqAttempts.userId, userId)).orderBy(asc(mcqAttempts.startedAt));
  const essayIds = myEssays.map((e) => e.id);
  const mcqIds = myMcqs.map((a) => a.id);
  return {
    profile: profile ?? null,
    batches: await db
      .select({ key: batches.key, name: batches.name, startsAt: batches.startsAt, accountExpiresAt: batches.accountExpiresAt })
      .from(batchMembers)
      .innerJoin(batches, eq(batches.id, batchMembers.batchId))
      .where(eq(batchMembers.userId, userId)),
    enrollments: await db.select().from(enrollments).where(eq(enrollments.userId, userId)),
    "video-progress": await db.select().from(videoProgress).where(eq(videoProgress.userId, userId)),
    "video-watch-time": await db.select().from(videoWatchTime).where(eq(videoWatchTime.userId, userId)),
    "video-likes": await db.select().from(videoLikes).where(eq(videoLikes.userId, userId)),
    "purchase-requests": await db.select().from(purchaseIntents).where(eq(purchaseIntents.userId, userId)),
    "mcq-attempts": myMcqs,
    "mcq-answers": mcqIds.length ? await db.select().from(mcqAnswers).where(inArray(mcqAnswers.attemptId, mcqIds)) : [],
    "essay-attempts": without(myEssays, "claimedBy", "claimExpiresAt"),
    "essay-grades": essayIds.length ? without(await db.select().from(essayEvaluations).where(inArray(essayEvaluations.attemptId, essayIds)), "graderId") : [],
    "essay-files": await db.select().from(essayUploads).where(eq(essayUploads.userId, userId)),
    "timed-block-grants": without(await db.select().from(timedBlockGrants).where(eq(timedBlockGrants.userId, userId)), "grantedBy"),
    "career-services": await db.select().from(careerServiceRecords).where(eq(careerServiceRecords.userId, userId)),
    certificates: await db.select().from(certificates).where(eq(certificates.userId, userId)),
    badges: await db.select().from(badgeAwards).where(eq(badgeAwards.userId, userId)),
    "group-sessions": await db.select().from(meetingRegistrations).where(eq(meetingRegistrations.userId, userId)),
    "notification-settings": await db.select().from(notificationOptOuts).where(eq(notificationOptOuts.userId, userId)),
    "sign-ins": without(await db.select().from(sessions).where(eq(sessions.userId, userId)), "tokenHash"),
    "sign-in-links": without(await db.select().from(invites).where(eq(invites.userId, userId)), "tokenHash"),
    events: await db.select().from(userEvents).where(eq(userEvents.userId, userId)),
    "changes-by-administrators": await db
      .select({ at: studioAudit.createdAt, kind: studioAudit.action, summary: studioAudit.summary, before: studioAudit.before, after: studioAudit.after })
      .from(studioAudit)
      .where(eq(studioAudit.targetUserId, userId))
      .orderBy(asc(studioAudit.createdAt)),
  };
}

const README = `This file holds everything the learning platform keeps about one person.

data/*.json   one file per kind of record (profile, batches, enrollments, video progress and
              watch time, timed attempts and answers, essays and their grades, certificates,
              badges, group sessions, notification settings, sign-ins, changes made by
              administrators); times are ISO 8601, in UTC
files/        the files uploaded with essays, by essay file id and original name
`;

/** A safe name inside the zip for a file a learner named. */
const entryName = (name: string) => name.replace(/[\\/:*?"<>|\u0000-\u001f]/g, "_").slice(0, 120) || "file";

/**
 * The person's records as a zip file, streamed as it is made: the records are read first (a few
 * hundred rows), each uploaded file is read from the store only when its turn comes.
 */
export async function personDataZip(deps: Deps, userId: string, exportedAt: Date): Promise<{ fileName: string; stream: ReadableStream<Uint8Array> }> {
  const records = await personRecords(deps, userId);
  const zip = new ZipFile();
  const mtime = exportedAt;
  zip.addBuffer(Buffer.from(README, "utf8"), "README.txt", { mtime });
  for (const [kind, rows] of Object.entries(records)) {
    zip.addBuffer(Buffer.from(JSON.stringify(rows, null, 2) + "\n", "utf8"), `data/${kind}.json`, { mtime });
  }
  const store = fileStoreFromEnv(deps.env);
  const files = records["essay-files"];
  // Files are added one after another as the zip is read, so only one is open at a time.
  const addFiles = async () => {
    for (const file of files) {
      const stored = await store.get(file.storagePath).catch(() => null);
      const name = `files/${file.id}/${entryName(file.originalName)}`;
      if (!stored) {
        zip.addBuffer(Buffer.from("This file could not be read from storage when the export was made.\n"), `${name}.missing.txt`, { mtime });
        continue;
      }
      const source = Readable.fromWeb(stored.stream() as Parameters<typeof Readable.fromWeb>[0]);
      const done = new Promise<void>((resolve, reject) => {
        source.once("end", resolve);
        source.once("error", reject);
      });
      zip.addReadStream(source, name, { mtime, size: stored.size });
      await done;
    }
    zip.end();
  };
  const output = zip.outputStream as Readable;
  addFiles().catch((err) => output.destroy(err instanceof Error ? err : new Error(String(err))));
  const day = exportedAt.toISOString().slice(0, 10);
  return { fileName: `personal-data-${day}.zip`, stream: Readable.toWeb(output) as ReadableStream<Uint8Array> };
}
