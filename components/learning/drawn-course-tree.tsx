import type { VideoCourseTree } from "@/lib/contract/entities/learning";
import { treeFingerprint } from "@/lib/learning-tree-fingerprint";
import { CourseTree } from "./course-tree";
import { CourseTreeView } from "./course-tree-view";

/** The course tree of a learning page, drawn by the server with the page; the browser takes over once it changes. */
export function DrawnCourseTree({ courseId, tree, currentItemId }: { courseId: string; tree: VideoCourseTree; currentItemId: string }) {
  return <CourseTree courseId={courseId} currentItemId={currentItemId} drawn={<CourseTreeView tree={tree} currentItemId={currentItemId} />} drawnFor={treeFingerprint(tree, currentItemId)} />;
}
