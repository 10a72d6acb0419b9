import type { VideoCourseTree, VideoTreeItem } from "@/lib/contract/entities";
import { learnPath, type LearnPageNodeType } from "@/lib/learning-address";

export interface PlacedItem {
  item: VideoTreeItem;
  chapterSlugId: string;
  subChapterSlugId: string;
  path: string;
}

/** Every item of the course in order, with its address. */
export function placedItems(tree: VideoCourseTree): PlacedItem[] {
  return tree.chapters.flatMap((chapter) =>
    chapter.subChapters.flatMap((sub) =>
      sub.items.map((item) => ({
        item,
        chapterSlugId: chapter.slugId,
        subChapterSlugId: sub.slugId,
        path: learnPath({
          nodeType: item.type as LearnPageNodeType,
          courseSlugId: tree.slugId,
          chapterSlugId: chapter.slugId,
          subChapterSlugId: sub.slugId,
          nodeSlugId: item.slugId,
        }),
      })),
    ),
  );
}
