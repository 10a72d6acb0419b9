import "server-only";
import type { LearnNodeType } from "@/lib/contract/entities/shared";
import { notFound } from "../../errors";
import type { TreeChapter, TreeItem, TreeSubChapter, VersionTree } from "../../domain/version-tree";

export type Place =
  | { kind: "course" }
  | { kind: "chapter"; chapter: TreeChapter }
  | { kind: "subChapter"; chapter: TreeChapter; subChapter: TreeSubChapter }
  | { kind: "item"; chapter: TreeChapter; subChapter: TreeSubChapter; item: TreeItem };

/** Finds a node of the learning page in the learner's version of the course; 404 when it is not there. */
export function findPlace(tree: VersionTree, courseId: string, id: string, type: LearnNodeType): Place {
  if (type === "videoCourse") {
    if (id !== courseId) throw notFound("Course not found.");
    return { kind: "course" };
  }
  if (type === "videoCourseChapter") {
    const chapter = tree.chapterById.get(id);
    if (!chapter) throw notFound("Chapter not found in this course.");
    return { kind: "chapter", chapter };
  }
  if (type === "videoCourseSubChapter") {
    const subChapter = tree.subChapterById.get(id);
    if (!subChapter) throw notFound("Sub-chapter not found in this course.");
    return { kind: "subChapter", chapter: tree.chapterById.get(subChapter.chapterId)!, subChapter };
  }
  const item = tree.itemById.get(id);
  if (!item || item.kind !== type) throw notFound("Item not found in this course.");
  const subChapter = tree.subChapterById.get(item.subChapterId)!;
  return { kind: "item", chapter: tree.chapterById.get(item.chapterId)!, subChapter, item };
}

/** The items inside a place, in order. */
export function itemsOf(tree: VersionTree, place: Place): TreeItem[] {
  if (place.kind === "course") return tree.items;
  if (place.kind === "chapter") return place.chapter.subChapters.flatMap((s) => s.items);
  if (place.kind === "subChapter") return place.subChapter.items;
  return [place.item];
}

/** Finds any node (course part or item) by id alone, as the generic tree names them. */
export function findPlaceById(tree: VersionTree, courseId: string, id: string): Place | null {
  if (id === courseId) return { kind: "course" };
  const chapter = tree.chapterById.get(id);
  if (chapter) return { kind: "chapter", chapter };
  const subChapter = tree.subChapterById.get(id);
  if (subChapter) return { kind: "subChapter", chapter: tree.chapterById.get(subChapter.chapterId)!, subChapter };
  const item = tree.itemById.get(id);
  if (item) return { kind: "item", chapter: tree.chapterById.get(item.chapterId)!, subChapter: tree.subChapterById.get(item.subChapterId)!, item };
  return null;
}
