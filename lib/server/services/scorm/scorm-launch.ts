import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import { chapters, courseVersions, scormItems, scormLaunches, scormPackages, subChapters } from "../../db/schema";
import type { Deps } from "../../deps";
import { loadLearnerCourse } from "../../domain/course-access";
import { isUuid } from "../../domain/ids";
import type { User } from "../../domain/user";
import { forbidden, notFound, unauthorized } from "../../errors";

/** How long a launch's file addresses work: a long lesson, with the page left open. */
export const LAUNCH_HOURS = 12;

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** The address prefix of a launch's files: on SCORM_CONTENT_ORIGIN when set, else the app's own /api. */
export const launchFolder = (deps: Pick<Deps, "env">, token: string) => `${deps.env.SCORM_CONTENT_ORIGIN?.replace(/\/$/, "") ?? ""}/api/scorm/launch/${token}/`;

/**
 * Opens a SCORM item for a user who may see it (a learner with access to its course; an author or
 * administrator): a new random token whose addresses serve that package's files, and the address of
 * its launch file. The token, not the session, is what the sandboxed frame's requests carry.
 */
export async function startScormLaunch(deps: Deps, user: User, itemId: string) {
  if (!isUuid(itemId)) throw notFound("SCORM item not found.");
  const [row] = await deps.db
    .select({ courseId: courseVersions.courseId, launchPath: scormPackages.launchPath, launchQuery: scormPackages.launchQuery, version: scormPackages.version })
    .from(scormItems)
    .innerJoin(scormPackages, eq(scormPackages.id, scormItems.packageId))
    .innerJoin(subChapters, eq(subChapters.id, scormItems.subChapterId))
    .innerJoin(chapters, eq(chapters.id, subChapters.chapterId))
    .innerJoin(courseVersions, eq(courseVersions.id, chapters.versionId))
    .where(eq(scormItems.id, itemId));
  if (!row) throw notFound("SCORM item not found.");
  if (user.role !== "author" && user.role !== "admin") {
    const learner = await loadLearnerCourse(deps, user, row.courseId);
    // A course a program's order still holds shut says why, in the program's words.
    if (!learner.access.open) throw forbidden(learner.access.message ?? "Enroll in the course to open this item.");
  }
  const token = randomBytes(32).toString("base64url");
  const [launch] = await deps.db
    .insert(scormLaunches)
    .values({ tokenHash: hashOf(token), userId: user.id, itemId, expiresAt: new Date(deps.now().getTime() + LAUNCH_HOURS * 3_600_000) })
    .returning({ id: scormLaunches.id });
  const launchUrl = `${launchFolder(deps, token)}${row.launchPath.split("/").map(encodeURIComponent).join("/")}${row.launchQuery}`;
  return { launchUrl, version: row.version, token, launchId: launch!.id };
}

/** The package a launch token opens, while it lasts, with the launch's learner and item; 401 for an unknown or expired token. */
export async function packageOfLaunch(deps: Deps, token: string): Promise<{ sha256: string; userId: string; itemId: string }> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw unauthorized("This SCORM launch address is not valid; open the item again.");
  const [row] = await deps.db
    .select({ sha256: scormPackages.sha256, userId: scormLaunches.userId, itemId: scormLaunches.itemId })
    .from(scormLaunches)
    .innerJoin(scormItems, eq(scormItems.id, scormLaunches.itemId))
    .innerJoin(scormPackages, eq(scormPackages.id, scormItems.packageId))
    .where(and(eq(scormLaunches.tokenHash, hashOf(token)), gt(scormLaunches.expiresAt, deps.now())));
  if (!row) throw unauthorized("This SCORM launch has expired; open the item again.");
  return row;
}

