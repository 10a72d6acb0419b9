import "server-only";
import { inArray } from "drizzle-orm";
import type { ContentItem } from "@/lib/server/content/readers/course-tree";
import { mediaFiles } from "../../db/schema";
import type { Deps } from "../../deps";
import { videoLinkOf } from "../learning";
import { openDraft, outlineView } from "./draft";
import { findItem } from "./get-outline-item";

const fileAddress = (key: string) => videoLinkOf("uploadedVideo", key);

/** The first item of the draft, in the learner's order. */
const firstItem = (chapters: { subChapters: { items: ContentItem[] }[] }[]) => chapters.flatMap((c) => c.subChapters.flatMap((s) => s.items))[0];

/**
 * The draft as the learning page would show it: the outline, and one item with what a learner gets of
 * it. An MCQ block's options go without the key, as the learner's page has them.
 */
export async function getCoursePreview(deps: Deps, query: { courseId: string; id?: string }) {
  const { course, draft } = await openDraft(deps, query.courseId);
  const outline = outlineView(query.courseId, draft);
  const item = query.id ? findItem(draft, query.id) : firstItem(draft.chapters);
  return { ...outline, courseName: course.name, item: item ? await previewOf(deps, item) : null };
}

async function previewOf(deps: Deps, item: ContentItem) {
  // A SCORM item plays on the learning page only; the preview shows the outline around it.
  if (item.scorm) return null;
  if (item.video) {
    const v = item.video;
    const uploaded = v.provider === "uploadedVideo" && v.source ? v.source : null;
    const [media] = uploaded
      ? await deps.db.select({ hls: mediaFiles.hlsMasterKey, poster: mediaFiles.posterKey }).from(mediaFiles).where(inArray(mediaFiles.originalKey, [uploaded]))
      : [];
    return {
      kind: "video" as const,
      id: v.slugId,
      title: v.title,
      provider: v.provider,
      videoLink: v.source ? videoLinkOf(v.provider, v.source) : null,
      hlsUrl: media?.hls ? fileAddress(media.hls) : null,
      posterUrl: media?.poster ? fileAddress(media.poster) : (v.coverImage ?? null),
      captionsUrl: v.captionsUrl ?? null,
      durationSeconds: v.durationSeconds,
      description: v.description,
      pageContent: v.pageContent ?? null,
      toolsCovered: v.toolsCovered,
    };
  }
  if (item.mcq) {
    const m = item.mcq;
    return {
      kind: "mcqBlock" as const,
      id: m.slugId,
      title: m.title,
      durationInMinutes: m.durationInMinutes,
      passMark: m.passMark ?? null,
      attemptsAllowed: m.attemptsAllowed ?? null,
      totalMarks: m.questions.reduce((sum, q) => sum + q.mark, 0),
      questions: m.questions.map((q) => ({
        question: q.question,
        mark: q.mark,
        maxCorrectOptionsCount: Math.max(1, q.options.filter((o) => o.correct).length),
        options: q.options.map((o) => o.value),
      })),
    };
  }
  const e = item.essay!;
  return {
    kind: "essayBlock" as const,
    id: e.slugId,
    title: e.title,
    question: e.question,
    description: e.description,
    durationInMinutes: e.durationInMinutes,
    passMark: e.passMark ?? null,
    minWords: e.minWords ?? null,
    maxWords: e.maxWords ?? null,
    criteria: e.criteria.map((k) => ({ name: k.gradingCriteria, description: k.description, marks: k.marks })),
  };
}
