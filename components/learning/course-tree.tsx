"use client";

import { useSuspenseQuery } from "@tanstack/react-query";
import { useMemo, type ReactNode } from "react";
import { learningQueries } from "@/lib/api/learning";
import { treeFingerprint } from "@/lib/learning-tree-fingerprint";
import { CourseTreeView } from "./course-tree-view";

/**
 * The learning page's course tree. The server draws it with the page (`drawn`, for the tree whose
 * fingerprint is `drawnFor`), so the page starts without the browser wording each item's length and
 * what the course still needs; once the tree has changed (a video watched to the end, a challenge
 * submitted), the browser draws it from its query.
 */
export function CourseTree({ courseId, currentItemId, drawn, drawnFor }: { courseId: string; currentItemId: string; drawn: ReactNode; drawnFor: string }) {
  const { data: tree } = useSuspenseQuery(learningQueries.getVideoTree(courseId));
  const live = useMemo(() => treeFingerprint(tree, currentItemId), [tree, currentItemId]);
  return live === drawnFor ? drawn : <CourseTreeView tree={tree} currentItemId={currentItemId} />;
}
