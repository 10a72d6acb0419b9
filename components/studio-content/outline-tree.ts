import type { CallResponse } from "@/lib/contract/call";
import type * as calls from "@/lib/api/call-routes";

// The outline editor's view of a draft (docs/studio.md): pure functions over chapters > sub-chapters >
// items. Every change returns new arrays and objects only along the changed path, so a row whose node
// did not change keeps its object and is not drawn again.

export type StudioOutline = CallResponse<typeof calls.getCourseOutline>;
export type OutlineChapter = StudioOutline["chapters"][number];
export type OutlineSubChapter = OutlineChapter["subChapters"][number];
export type OutlineItem = OutlineSubChapter["items"][number];
export type OutlineItemKind = OutlineItem["kind"];
export type OutlineLevel = "chapter" | "subChapter" | "item";

/** The items an author adds with a title; a SCORM item is added by uploading its package (uploadScormItem) or with content:import. */
export type AddableItemKind = Exclude<OutlineItemKind, "scorm">;
/** In the order the "Add an item" list offers them; their words are `studioContent.kinds`. */
export const ITEM_KINDS: { kind: AddableItemKind }[] = [{ kind: "video" }, { kind: "mcqBlock" }, { kind: "essayBlock" }];

/** Where a node sits: its level, its parent (none for a chapter), its index there and its title. */
export interface Placement {
  level: OutlineLevel;
  parentId: string | null;
  index: number;
  title: string;
  /** How many nodes the parent holds, this one included. */
  siblings: number;
}

export function placementOf(chapters: OutlineChapter[], id: string): Placement | null {
  for (const [ci, c] of chapters.entries()) {
    if (c.id === id) return { level: "chapter", parentId: null, index: ci, title: c.title, siblings: chapters.length };
    for (const [si, s] of c.subChapters.entries()) {
      if (s.id === id) return { level: "subChapter", parentId: c.id, index: si, title: s.title, siblings: c.subChapters.length };
      const ii = s.items.findIndex((i) => i.id === id);
      if (ii >= 0) return { level: "item", parentId: s.id, index: ii, title: s.items[ii]!.title, siblings: s.items.length };
    }
  }
  return null;
}

export function titleOf(chapters: OutlineChapter[], id: string): string | null {
  return placementOf(chapters, id)?.title ?? null;
}

export const countItems = (chapters: OutlineChapter[]) => chapters.reduce((n, c) => n + c.subChapters.reduce((m, s) => m + s.items.length, 0), 0);

/** The outline with `id` retitled. */
export function renameNode(chapters: OutlineChapter[], id: string, title: string): OutlineChapter[] {
  return chapters.map((c) => {
    if (c.id === id) return { ...c, title };
    if (!c.subChapters.some((s) => s.id === id || s.items.some((i) => i.id === id))) return c;
    return {
      ...c,
      subChapters: c.subChapters.map((s) => {
        if (s.id === id) return { ...s, title };
        if (!s.items.some((i) => i.id === id)) return s;
        return { ...s, items: s.items.map((i) => (i.id === id ? { ...i, title } : i)) };
      }),
    };
  });
}

const insertAt = <T>(list: T[], index: number, value: T) => {
  const next = list.slice();
  next.splice(Math.min(index, next.length), 0, value);
  return next;
};

/**
 * The outline with `id` moved to `index` under `parentId`, as the server's moveOutlineNode does: the
 * index counts in the list as it is once the node is taken out; a larger one puts it last. The
 * outline comes back unchanged when the place does not suit the node.
 */
export function moveNode(chapters: OutlineChapter[], id: string, parentId: string | null, index: number): OutlineChapter[] {
  const from = placementOf(chapters, id);
  if (!from) return chapters;
  if (from.level === "chapter") {
    if (parentId) return chapters;
    const node = chapters[from.index]!;
    return insertAt(
      chapters.filter((c) => c.id !== id),
      index,
      node,
    );
  }
  if (from.level === "subChapter") {
    const target = chapters.find((c) => c.id === parentId);
    if (!target) return chapters;
    const node = chapters.find((c) => c.id === from.parentId)!.subChapters[from.index]!;
    return chapters.map((c) => {
      let subs = c.subChapters;
      if (c.id === from.parentId) subs = subs.filter((s) => s.id !== id);
      if (c.id === parentId) subs = insertAt(subs, index, node);
      return subs === c.subChapters ? c : { ...c, subChapters: subs };
    });
  }
  const target = chapters.some((c) => c.subChapters.some((s) => s.id === parentId));
  if (!target) return chapters;
  let node: OutlineItem | undefined;
  for (const c of chapters) for (const s of c.subChapters) if (s.id === from.parentId) node = s.items[from.index];
  return chapters.map((c) => {
    if (!c.subChapters.some((s) => s.id === from.parentId || s.id === parentId)) return c;
    return {
      ...c,
      subChapters: c.subChapters.map((s) => {
        let items = s.items;
        if (s.id === from.parentId) items = items.filter((i) => i.id !== id);
        if (s.id === parentId) items = insertAt(items, index, node!);
        return items === s.items ? s : { ...s, items };
      }),
    };
  });
}

/** Where "Move up" (-1) or "Move down" (+1) takes a node: the next place in reading order, across sub-chapters and chapters; null at either end. */
export function stepTarget(chapters: OutlineChapter[], id: string, step: -1 | 1): { parentId: string | null; index: number } | null {
  const at = placementOf(chapters, id);
  if (!at) return null;
  const within = at.index + step;
  if (at.level === "chapter") return within >= 0 && within < at.siblings ? { parentId: null, index: within } : null;
  if (within >= 0 && within < at.siblings) return { parentId: at.parentId, index: within };
  // Past the first or last of its parent: into the parent before or after it, at its end or start.
  const parents: { id: string; size: number }[] =
    at.level === "subChapter"
      ? chapters.map((c) => ({ id: c.id, size: c.subChapters.length }))
      : chapters.flatMap((c) => c.subChapters.map((s) => ({ id: s.id, size: s.items.length })));
  const p = parents.findIndex((x) => x.id === at.parentId) + step;
  if (p < 0 || p >= parents.length) return null;
  const parent = parents[p]!;
  return { parentId: parent.id, index: step === -1 ? parent.size : 0 };
}
