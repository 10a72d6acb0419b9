import { dehydrate, QueryClient } from "@tanstack/react-query";
import { PageData } from "@/components/shell/page-data";
import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { redirect } from "next/navigation";
import { learningQueries } from "@/lib/api/learning";
import { answerRefusal, requestedPlace, requestLearningPage } from "@/lib/server/learning-page";
import { DrawnCourseTree } from "@/components/learning/drawn-course-tree";
import { LearnShell } from "@/components/learning/learn-shell";
import { PageContent } from "@/components/learning/page-content";
import { LearnHeader } from "@/components/learning/learn-header";
import { PrevNext } from "@/components/learning/prev-next";
import { PlacePanel } from "@/components/learning/place-panel";

type Params = { nodeType: string; params: string[] };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("learn");
  return { title: t("title") };
}

export default async function LearnPage({ params }: { params: Promise<Params> }) {
  const { place, path } = await requestedPlace(params);
  // One loader: the session is checked and the course read once; /learn/course/{course} and old
  // addresses answer with where to go instead.
  const page = await requestLearningPage(place).catch((e) => answerRefusal(e, path));
  if (page.kind === "redirect") redirect(page.path);

  const { courseId, tree, item: current, video } = page;
  const t = await getTranslations("learn");
  // The page is written in the learner's language (docs/languages.md): its own `lang` says which.
  const locale = await getLocale();
  // The client's queries find what the page was rendered with.
  const queryClient = new QueryClient();
  queryClient.setQueryData(learningQueries.getVideoTree(courseId).queryKey, tree);
  const dataQuery = { id: current.id, type: current.type, courseId };
  if (video) queryClient.setQueryData(learningQueries.getVideoData(dataQuery).queryKey, video);
  // The video panel's like status and manual completion, under the keys its queries use.
  if (video && page.videoPanel) {
    queryClient.setQueryData(learningQueries.getVideoLike({ videoNodeId: video.id, courseId: video.courseId }).queryKey, page.videoPanel.likeStatus);
    const manual = page.videoPanel.manualCompletion;
    if (manual) queryClient.setQueryData(learningQueries.getManualCompletion({ batchId: page.batchId ?? undefined, courseId: video.courseId }).queryKey, manual);
  }

  return (
    <PageData state={dehydrate(queryClient)}>
      <div lang={locale} className="min-h-screen">
        <LearnHeader courseTitle={tree.title} chapterTitle={page.chapterTitle} itemTitle={current.title} />
        <LearnShell tree={<DrawnCourseTree courseId={courseId} tree={tree} currentItemId={current.id} />}>
          {current.type === "video" ? (
            <PlacePanel kind="video" query={dataQuery} batchId={page.batchId} courseImage={page.courseImage} />
          ) : (
            <PlacePanel kind="challenge" item={current} courseId={courseId} />
          )}
          <PrevNext prev={page.prev} next={page.next} />
          {video && !video.isPageLocked && (video.description || video.toolsCovered.length > 0) && (
            <div className="mt-6">
              {video.description && <p className="text-ink-muted dark:text-ink-dark-muted">{video.description}</p>}
              {video.toolsCovered.length > 0 && (
                <p className="mt-2 text-sm">
                  <span className="font-semibold">{t("toolsCovered")}</span> {video.toolsCovered.join(", ")}
                </p>
              )}
            </div>
          )}
          {video?.pageData.isPageContentAvailable && video.pageData.data && <PageContent markdown={video.pageData.data} />}
        </LearnShell>
      </div>
    </PageData>
  );
}
