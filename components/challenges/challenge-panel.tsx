import type { VideoTreeItem } from "@/lib/contract/entities/learning";
import { EssayBlockPanel } from "./essay-block-panel";
import { McqBlockPanel } from "./mcq-block-panel";

/** The learning page's content for a challenge item. */
export function ChallengePanel({ item, courseId }: { item: VideoTreeItem; courseId: string }) {
  if (item.type === "mcqBlock") return <McqBlockPanel courseId={courseId} mcqBlockId={item.id} />;
  return <EssayBlockPanel courseId={courseId} essayBlockId={item.id} />;
}
