import { expect } from "vitest";
import { startEssayBlock, submitEssayBlock, startMcqBlock, submitMcqBlock } from "@/lib/contract/calls/challenges";
import { recordVideoWatch, getVideoTree, markVideoComplete } from "@/lib/contract/calls/learning";
import type { VideoCourseTree, VideoTreeItem } from "@/lib/contract/entities/learning";
import type { TestApi } from "./api";

export const itemsOf = (tree: VideoCourseTree): VideoTreeItem[] => tree.chapters.flatMap((c) => c.subChapters.flatMap((s) => s.items));
export const videosOf = (tree: VideoCourseTree) => itemsOf(tree).filter((i) => i.type === "video");

/** What a learner does on the learning page, through the API's own calls, each expected to succeed. */
export function learnerActions(t: TestApi) {
  const ok = (res: { status: number; body: unknown }) => expect(res.status, JSON.stringify(res.body)).toBe(200);
  return {
    /** The course tree as the learner sees it (ids of the learner's version). */
    async tree(token: string, courseId: string): Promise<VideoCourseTree> {
      const res = await t.call(getVideoTree, { token, query: { id: courseId } });
      ok(res);
      return res.body;
    },
    /** Plays a video from one second to another, the player sampling its position every 2 s. */
    async watch(token: string, tree: VideoCourseTree, video: VideoTreeItem, from: number, to: number) {
      const samples = Array.from({ length: Math.floor((to - from) / 2) + 1 }, (_, i) => from + 2 * i);
      if (samples.at(-1) !== to) samples.push(to);
      ok(
        await t.call(recordVideoWatch, {
          token,
          body: { courseId: tree.id, versionId: tree.versionId, videoId: video.id, watchDuration: { timeStamp: samples, totalDuration: samples.length } },
        }),
      );
    },
    /** Marks a video complete without watching it, where the learner's batch allows it. */
    async markComplete(token: string, tree: VideoCourseTree, video: VideoTreeItem) {
      ok(await t.call(markVideoComplete, { token, body: { courseId: tree.id, videoId: video.id } }));
    },
    async startQuiz(token: string, tree: VideoCourseTree, quiz: VideoTreeItem) {
      ok(await t.call(startMcqBlock, { token, body: { courseId: tree.id, mcqBlockId: quiz.id } }));
    },
    async submitQuiz(token: string, tree: VideoCourseTree, quiz: VideoTreeItem) {
      ok(await t.call(submitMcqBlock, { token, body: { courseId: tree.id, mcqBlockId: quiz.id } }));
    },
    async startEssay(token: string, tree: VideoCourseTree, essay: VideoTreeItem) {
      ok(await t.call(startEssayBlock, { token, body: { courseId: tree.id, essayBlockId: essay.id } }));
    },
    async submitEssay(token: string, tree: VideoCourseTree, essay: VideoTreeItem) {
      ok(await t.call(submitEssayBlock, { token, body: { courseId: tree.id, essayBlockId: essay.id, essayAnswer: "My answer.", isFinalSubmission: true } }));
    },
  };
}
