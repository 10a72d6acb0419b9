import "server-only";
import { recordAudit } from "../../domain/audit";
import { randomBytes } from "node:crypto";
import { and, desc, eq, gt, sql } from "drizzle-orm";
import { readCourseTree, type ContentChapter, type ContentItem, type ContentSubChapter } from "@/lib/server/content/readers/course-tree";
import { slugify } from "@/lib/slug";
import { courseDrafts, courses, courseVersions, domains, enrollments, studioAudit, users } from "../../db/schema";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { ApiError, notFound } from "../../errors";

// A course's draft (docs/studio.md): the outline and items as one document in the content files'
// shape, with a revision. Every studio write reads it, checks the revision its editor was based on,
// changes it, and saves it only if nobody saved in between, with an audit row in the same transaction.

export type DraftItemKind = "video" | "mcqBlock" | "essayBlock" | "scorm";

export const itemKind = (item: ContentItem): DraftItemKind => (item.video ? "video" : item.mcq ? "mcqBlock" : item.essay ? "essayBlock" : "scorm");
export const itemBody = (item: ContentItem) => (item.video ?? item.mcq ?? item.essay ?? item.scorm)!;

export interface Draft {
  revision: number;
  chapters: ContentChapter[];
  updatedAt: Date;
}

export type CourseRow = typeof courses.$inferSelect & { domainName: string };

/** The id of one of the spec's domains, made when no import has made it yet (as the importer makes them all). */
export async function domainIdOf(deps: Deps, name: string): Promise<string> {
  await deps.db.insert(domains).values({ name, slug: slugify(name) }).onConflictDoNothing();
  const [row] = await deps.db.select({ id: domains.id }).from(domains).where(eq(domains.name, name));
  return row!.id;
}

/** A fresh stable id for a new node: its title's slug and a random tail, unique in practice. */
export const newSlugId = (title: string) => `${slugify(title).slice(0, 40) || "item"}-${randomBytes(4).toString("hex")}`;

/**
 * The course and its draft. A course that was imported (or published) before it was first opened in
 * the studio gets its draft now, from its current version, read by the content reader.
 */
export async function openDraft(deps: Deps, courseId: string): Promise<{ course: CourseRow; draft: Draft }> {
  const [row] = await deps.db
    .select({ course: courses, domainName: domains.name, draft: courseDrafts })
    .from(courses)
    .innerJoin(domains, eq(domains.id, courses.domainId))
    .leftJoin(courseDrafts, eq(courseDrafts.courseId, courses.id))
    .where(eq(courses.id, courseId));
  if (!row) throw notFound("No course has this id.");
  const course = { ...row.course, domainName: row.domainName };
  if (row.draft) return { course, draft: { revision: row.draft.revision, chapters: row.draft.content as ContentChapter[], updatedAt: row.draft.updatedAt } };

  const [current] = await deps.db
    .select({ id: courseVersions.id })
    .from(courseVersions)
    .where(eq(courseVersions.courseId, courseId))
    .orderBy(desc(courseVersions.isCurrent), desc(courseVersions.releasedAt))
    .limit(1);
  const chapters = current ? await deps.db.transaction((tx) => readCourseTree(tx, current.id)) : [];
  const now = deps.now();
  await deps.db.insert(courseDrafts).values({ courseId, revision: 1, content: chapters, updatedAt: now }).onConflictDoNothing();
  // Another request may have made it first: its draft is the one.
  const [made] = await deps.db.select().from(courseDrafts).where(eq(courseDrafts.courseId, courseId));
  return { course, draft: { revision: made!.revision, chapters: made!.content as ContentChapter[], updatedAt: made!.updatedAt } };
}

/** Refuses a save based on another revision than the draft's, with the current revision and the changes since. */
export async function refuseStale(deps: Deps, courseId: string, current: number, based: number): Promise<never> {
  const changes = await deps.db
    .select({ at: studioAudit.createdAt, userName: users.name, action: studioAudit.action, summary: studioAudit.summary, revision: studioAudit.revision })
    .from(studioAudit)
    .leftJoin(users, eq(users.id, studioAudit.userId))
    .where(and(eq(studioAudit.courseId, courseId), gt(studioAudit.revision, based)))
    .orderBy(studioAudit.revision)
    .limit(50);
  throw new ApiError(
    409,
    "stale_revision",
    `This course changed since you opened it (revision ${based}, now ${current}). Reload to see what changed, then make your change again.`,
    {},
    { currentRevision: current, basedOnRevision: based, changes: changes.map((c) => ({ ...c, at: c.at.toISOString() })) },
  );
}

/** Longest before or after the audit keeps whole; a longer one (a large quiz) is kept as its start. */
const AUDIT_VALUE_CHARS = 4000;
const short = (value: unknown) => {
  if (value === undefined || value === null) return null;
  const text = JSON.stringify(value);
  return text.length <= AUDIT_VALUE_CHARS ? value : { truncated: true, start: text.slice(0, AUDIT_VALUE_CHARS) };
};

export interface Change {
  action: string;
  summary: string;
  before: unknown;
  after: unknown;
}

/**
 * Applies `edit` to the draft the editor saw (revision `based`) and saves it as the next revision,
 * with its audit row, in one transaction. `edit` changes the chapters in place and says what it did;
 * `courseSet` is written to the course row in the same transaction (settings, archive).
 */
export async function saveDraft(
  deps: Deps,
  user: User,
  input: { courseId: string; revision: number },
  edit: (draft: Draft, course: CourseRow) => Change & { courseSet?: Partial<typeof courses.$inferInsert> },
): Promise<{ course: CourseRow; draft: Draft }> {
  const { course, draft } = await openDraft(deps, input.courseId);
  if (draft.revision !== input.revision) return refuseStale(deps, input.courseId, draft.revision, input.revision);
  const change = edit(draft, course);
  const now = deps.now();
  const next = draft.revision + 1;
  const saved = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(courseDrafts)
      .set({ content: draft.chapters, revision: next, updatedBy: user.id, updatedAt: now })
      .where(and(eq(courseDrafts.courseId, input.courseId), eq(courseDrafts.revision, input.revision)))
      .returning({ revision: courseDrafts.revision });
    if (!rows.length) return false;
    if (change.courseSet) await tx.update(courses).set(change.courseSet).where(eq(courses.id, input.courseId));
    await recordAudit(tx, {
      actorId: user.id,
      courseId: input.courseId,
      action: change.action,
      revision: next,
      summary: change.summary,
      before: short(change.before),
      after: short(change.after),
      at: now,
    });
    return true;
  });
  // Saved by someone else between the read and the write.
  if (!saved) {
    const [current] = await deps.db.select({ revision: courseDrafts.revision }).from(courseDrafts).where(eq(courseDrafts.courseId, input.courseId));
    return refuseStale(deps, input.courseId, current?.revision ?? input.revision, input.revision);
  }
  return { course: { ...course, ...change.courseSet }, draft: { revision: next, chapters: draft.chapters, updatedAt: now } };
}

// ---------- finding nodes ----------

export type Located =
  | { kind: "chapter"; chapter: ContentChapter; list: ContentChapter[]; index: number }
  | { kind: "subChapter"; sub: ContentSubChapter; parent: ContentChapter; list: ContentSubChapter[]; index: number }
  | { kind: DraftItemKind; item: ContentItem; parent: ContentSubChapter; list: ContentItem[]; index: number };

/** Where the node of this stable id is in the draft, or 404 outline_node_not_found. */
export function locate(chapters: ContentChapter[], id: string): Located {
  for (const [ci, chapter] of chapters.entries()) {
    if (chapter.slugId === id) return { kind: "chapter", chapter, list: chapters, index: ci };
    for (const [si, sub] of chapter.subChapters.entries()) {
      if (sub.slugId === id) return { kind: "subChapter", sub, parent: chapter, list: chapter.subChapters, index: si };
      for (const [ii, item] of sub.items.entries()) {
        if (itemBody(item).slugId === id) return { kind: itemKind(item), item, parent: sub, list: sub.items, index: ii };
      }
    }
  }
  throw new ApiError(404, "outline_node_not_found", `The outline has no chapter, sub-chapter or item with id "${id}".`, {}, { reason: "unknown", id });
}

/** The stable ids of the items a node holds (itself, for an item). */
export function itemIdsUnder(found: Located): string[] {
  if (found.kind === "chapter") return found.chapter.subChapters.flatMap((s) => s.items.map((i) => itemBody(i).slugId));
  if (found.kind === "subChapter") return found.sub.items.map((i) => itemBody(i).slugId);
  return [itemBody(found.item).slugId];
}

export const titleOf = (found: Located) =>
  found.kind === "chapter" ? found.chapter.title : found.kind === "subChapter" ? found.sub.title : itemBody(found.item).title;

// ---------- answers ----------

export function outlineView(courseId: string, draft: Draft) {
  return {
    courseId,
    revision: draft.revision,
    chapters: draft.chapters.map((c) => ({
      id: c.slugId,
      title: c.title,
      subChapters: c.subChapters.map((s) => ({
        id: s.slugId,
        title: s.title,
        items: s.items.map((i) => ({ id: itemBody(i).slugId, kind: itemKind(i), title: itemBody(i).title })),
      })),
    })),
  };
}

/** The course's published versions, newest first, with how many learners are on each. */
export async function listVersions(deps: Deps, courseId: string) {
  const rows = await deps.db
    .select({
      versionId: courseVersions.id,
      versionName: courseVersions.versionName,
      releasedAt: courseVersions.releasedAt,
      isCurrent: courseVersions.isCurrent,
      releaseNotes: courseVersions.releaseNotes,
      learners: sql<number>`(select count(*) from ${enrollments} where ${enrollments.versionId} = ${courseVersions.id})`.mapWith(Number),
    })
    .from(courseVersions)
    .where(eq(courseVersions.courseId, courseId))
    .orderBy(desc(courseVersions.releasedAt));
  return rows.map((r) => ({ ...r, releasedAt: r.releasedAt.toISOString() }));
}

export async function outlineAnswer(deps: Deps, courseId: string, draft: Draft) {
  return { ...outlineView(courseId, draft), versions: await listVersions(deps, courseId) };
}

export type CourseState = "draft" | "published" | "archived";

export function settingsView(course: CourseRow, draft: Draft, state: CourseState) {
  return {
    courseId: course.id,
    revision: draft.revision,
    state,
    slugId: course.slugId,
    name: course.name,
    description: course.description,
    domain: course.domainName,
    courseType: course.courseType,
    price: course.priceCents === null ? null : course.priceCents / 100,
    isPremium: course.isPremium,
    coverImage: course.image,
  };
}

/** A course's state: archived when archived, published once a version exists, else a draft. */
export async function courseState(deps: Deps, course: CourseRow): Promise<CourseState> {
  if (course.archivedAt) return "archived";
  const [version] = await deps.db.select({ id: courseVersions.id }).from(courseVersions).where(eq(courseVersions.courseId, course.id)).limit(1);
  return version ? "published" : "draft";
}
