import "server-only";
import { asc, eq, sql, type SQL } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";
import { chapters, essayBlocks, mcqBlocks, scormItems, subChapters, videos } from "../db/schema";

export type ItemKind = "video" | "mcqBlock" | "essayBlock";

export interface TreeItem {
  id: string;
  kind: ItemKind;
  chapterId: string;
  subChapterId: string;
  position: number;
  title: string;
  slug: string;
  slugId: string;
  /** A video's length, or the time allowed for a challenge. */
  durationSeconds: number;
  isFreePreview: boolean;
  coverImage: string | null;
}

export interface TreeSubChapter {
  id: string;
  chapterId: string;
  position: number;
  title: string;
  emoji: string | null;
  slug: string;
  slugId: string;
  items: TreeItem[];
}

export interface TreeChapter {
  id: string;
  position: number;
  title: string;
  emoji: string | null;
  slug: string;
  slugId: string;
  subChapters: TreeSubChapter[];
}

export interface VersionTree {
  versionId: string;
  chapters: TreeChapter[];
  /** Every item of the version in playing order: chapter by chapter, sub-chapter by sub-chapter. */
  items: TreeItem[];
  chapterById: Map<string, TreeChapter>;
  subChapterById: Map<string, TreeSubChapter>;
  itemById: Map<string, TreeItem>;
  /**
   * The version's SCORM items: they count towards the version's completion and progress (docs/
   * completion.md) though the learner's tree does not list them yet.
   */
  scormItemIds: string[];
  /**
   * The same SCORM items with their titles and places, in playing order. `position` is the item's
   * place in its sub-chapter, counted with the sub-chapter's other items (they share one order).
   */
  scormItems: { id: string; title: string; subChapterId: string; position: number }[];
}

type ItemTable = typeof videos | typeof mcqBlocks | typeof essayBlocks;

/** The columns whose source differs by kind: a video's own, or a challenge's stand-ins. */
interface KindColumns {
  durationSeconds: SQL.Aliased<number> | typeof videos.durationSeconds;
  isFreePreview: SQL.Aliased<boolean> | typeof videos.isFreePreview;
  coverImage: SQL.Aliased<string | null> | typeof videos.coverImage;
}

/** The items of one kind in a version, as TreeItem columns; `extra` gives what differs by kind. */
function itemsOfKind(
  db: Db,
  versionId: string,
  table: ItemTable,
  kind: ItemKind,
  extra: KindColumns,
) {
  return db
    .select({
      id: table.id,
      kind: sql<ItemKind>`${sql.raw(`'${kind}'`)}`.as("kind"),
      chapterId: subChapters.chapterId,
      subChapterId: table.subChapterId,
      position: table.position,
      title: table.title,
      slug: table.slug,
      slugId: table.slugId,
      ...extra,
    })
    .from(table)
    .innerJoin(subChapters, eq(subChapters.id, table.subChapterId))
    .innerJoin(chapters, eq(chapters.id, subChapters.chapterId))
    .where(eq(chapters.versionId, versionId));
}

/** A challenge's time allowed stands where a video's length does; challenges are never free previews and have no cover. */
const challengeColumns = (table: typeof mcqBlocks | typeof essayBlocks) => ({
  durationSeconds: sql<number>`${table.durationInMinutes} * 60`.as("duration_seconds"),
  isFreePreview: sql<boolean>`false`.as("is_free_preview"),
  coverImage: sql<string | null>`null::text`.as("cover_image"),
});

const itemQuery = (db: Db, versionId: string) =>
  unionAll(
    itemsOfKind(db, versionId, videos, "video", { durationSeconds: videos.durationSeconds, isFreePreview: videos.isFreePreview, coverImage: videos.coverImage }),
    itemsOfKind(db, versionId, mcqBlocks, "mcqBlock", challengeColumns(mcqBlocks)),
    itemsOfKind(db, versionId, essayBlocks, "essayBlock", challengeColumns(essayBlocks)),
  );

/** How many version trees a process keeps; the least recently used goes first. */
const CACHED_TREES = 200;

interface CachedTree {
  revision: number;
  tree: Promise<VersionTree>;
}

// Per database (tests open many), per version: the tree and the course's tree revision it was read at.
const cachedTrees = new WeakMap<Db, Map<string, CachedTree>>();

/**
 * The tree of one course version. With the course's tree revision (courses.tree_revision, which
 * every import raises, read by the course's own query), the tree is kept in memory and read again
 * only when the revision has moved, in this process or any other; without it, it is always read.
 */
export function loadVersionTree(db: Db, versionId: string, treeRevision?: number): Promise<VersionTree> {
  if (treeRevision === undefined) return readVersionTree(db, versionId);
  let trees = cachedTrees.get(db);
  if (!trees) cachedTrees.set(db, (trees = new Map()));
  const cached = trees.get(versionId);
  trees.delete(versionId);
  if (cached && cached.revision === treeRevision) {
    trees.set(versionId, cached);
    return cached.tree;
  }
  const entry: CachedTree = { revision: treeRevision, tree: readVersionTree(db, versionId) };
  trees.set(versionId, entry);
  // A failed read is not kept.
  entry.tree.catch(() => trees.get(versionId) === entry && trees.delete(versionId));
  if (trees.size > CACHED_TREES) trees.delete(trees.keys().next().value!);
  return entry.tree;
}

/**
 * The whole tree of one course version, in order: three queries whatever its size (the chapters
 * with their sub-chapters, every item of the version, its SCORM items), assembled in memory.
 */
async function readVersionTree(db: Db, versionId: string): Promise<VersionTree> {
  const [structure, itemRows, scormRows] = await Promise.all([
    db
      .select({
        chapter: {
          id: chapters.id,
          position: chapters.position,
          title: chapters.title,
          emoji: chapters.emoji,
          slug: chapters.slug,
          slugId: chapters.slugId,
        },
        sub: {
          id: subChapters.id,
          chapterId: subChapters.chapterId,
          position: subChapters.position,
          title: subChapters.title,
          emoji: subChapters.emoji,
          slug: subChapters.slug,
          slugId: subChapters.slugId,
        },
      })
      .from(chapters)
      .leftJoin(subChapters, eq(subChapters.chapterId, chapters.id))
      .where(eq(chapters.versionId, versionId))
      .orderBy(asc(chapters.position), asc(subChapters.position)),
    itemQuery(db, versionId),
    db
      .select({ id: scormItems.id, title: scormItems.title, subChapterId: scormItems.subChapterId, position: scormItems.position })
      .from(scormItems)
      .innerJoin(subChapters, eq(subChapters.id, scormItems.subChapterId))
      .innerJoin(chapters, eq(chapters.id, subChapters.chapterId))
      .where(eq(chapters.versionId, versionId)),
  ]);
  return assembleTree(versionId, structure, itemRows, scormRows);
}

export function assembleTree(
  versionId: string,
  structure: { chapter: Omit<TreeChapter, "subChapters">; sub: Omit<TreeSubChapter, "items"> | null }[],
  itemRows: TreeItem[],
  scormRows: { id: string; title: string; subChapterId: string; position: number }[] = [],
): VersionTree {
  const chapterById = new Map<string, TreeChapter>();
  const subChapterById = new Map<string, TreeSubChapter>();
  const list: TreeChapter[] = [];
  for (const row of structure) {
    let chapter = chapterById.get(row.chapter.id);
    if (!chapter) {
      chapter = { ...row.chapter, subChapters: [] };
      chapterById.set(chapter.id, chapter);
      list.push(chapter);
    }
    if (row.sub && !subChapterById.has(row.sub.id)) {
      const sub: TreeSubChapter = { ...row.sub, items: [] };
      subChapterById.set(sub.id, sub);
      chapter.subChapters.push(sub);
    }
  }
  const itemById = new Map<string, TreeItem>();
  const sortedItems = [...itemRows].sort((a, b) => a.position - b.position || a.kind.localeCompare(b.kind));
  for (const raw of sortedItems) {
    const item: TreeItem = { ...raw, durationSeconds: Number(raw.durationSeconds), isFreePreview: Boolean(raw.isFreePreview) };
    const sub = subChapterById.get(item.subChapterId);
    if (!sub) continue;
    sub.items.push(item);
    itemById.set(item.id, item);
  }
  const items = list.flatMap((c) => c.subChapters.flatMap((s) => s.items));
  const subOrder = new Map(list.flatMap((c) => c.subChapters).map((s, i) => [s.id, i]));
  const scorm = scormRows
    .filter((r) => subOrder.has(r.subChapterId))
    .sort((a, b) => subOrder.get(a.subChapterId)! - subOrder.get(b.subChapterId)! || a.position - b.position)
    .map(({ id, title, subChapterId, position }) => ({ id, title, subChapterId, position }));
  return { versionId, chapters: list, items, chapterById, subChapterById, itemById, scormItemIds: scorm.map((s) => s.id), scormItems: scorm };
}
