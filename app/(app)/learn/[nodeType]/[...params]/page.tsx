import { dehydrate, QueryClient } from "@tanstack/react-query";
import { PageData } from "@/components/shell/page-data";
import type { Metadata } from "next";
import { ArrowLeft, ArrowRight } from "lucide-react";
import { AppLink } from "@/components/ui/app-link";
import { redirect } from "next/navigation";
import { learningQueries } from "@/lib/api/learning";
import { answerRefusal, requestedPlace, requestLearningPage } from "@/lib/server/learning-page";
import type { LearningPageLink } from "@/lib/server/services/learning";
import { CourseTree } from "@/components/learning/course-tree";
import { LearnShell } from "@/components/learning/learn-shell";
import { PageContent } from "@/components/learning/page-content";
import { VideoPanel } from "@/components/learning/video-panel";
import { ChallengePanel } from "@/components/challenges/challenge-panel";
import { ThemeToggle } from "@/components/shell/theme-toggle";
import { LinkPending } from "@/components/ui/link-pending";

type Params = { nodeType: string; params: string[] };

export const metadata: Metadata = { title: "Learning" };

export default async function LearnPage({ params }: { params: Promise<Params> }) {
  const { place, path } = await requestedPlace(params);
  // One loader: the session is checked and the course read once; /learn/course/{course} and old
  // addresses answer with where to go instead.
  const page = await requestLearningPage(place).catch((e) => answerRefusal(e, path));
  if (page.kind === "redirect") redirect(page.path);

  const { courseId, tree, item: current, video } = page;
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
      <div className="min-h-screen">
        <header className="border-b border-slate-200 bg-white dark:border-slate-700 dark:bg-surface-dark-muted">
          <div className="mx-auto flex h-14 max-w-7xl items-center gap-4 px-6 max-tablet:px-3">
            <AppLink href="/courses" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 dark:text-brand-100">
              <ArrowLeft aria-hidden className="h-4 w-4" />
              Courses
            </AppLink>
            <nav aria-label="Breadcrumb" className="min-w-0 flex-1 truncate text-sm text-ink-muted dark:text-ink-dark-muted">
              <span>{tree.title}</span>
              <span aria-hidden> / </span>
              <span>{page.chapterTitle}</span>
              <span aria-hidden> / </span>
              <span aria-current="page" className="text-ink dark:text-ink-dark">
                {current.title}
              </span>
            </nav>
            <ThemeToggle />
          </div>
        </header>
        <LearnShell tree={<CourseTree courseId={courseId} currentItemId={current.id} />}>
          {current.type === "video" ? <VideoPanel query={dataQuery} batchId={page.batchId} courseImage={page.courseImage} /> : <ChallengePanel item={current} courseId={courseId} />}
          <PrevNext prev={page.prev} next={page.next} />
          {video && !video.isPageLocked && (video.description || video.toolsCovered.length > 0) && (
            <div className="mt-6">
              {video.description && <p className="text-ink-muted dark:text-ink-dark-muted">{video.description}</p>}
              {video.toolsCovered.length > 0 && (
                <p className="mt-2 text-sm">
                  <span className="font-semibold">Tools covered:</span> {video.toolsCovered.join(", ")}
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

// Like the tree's links, previous and next are not prefetched: a prefetch runs the route's address check.
function PrevNext({ prev, next }: { prev: LearningPageLink | null; next: LearningPageLink | null }) {
  return (
    <nav aria-label="Previous and next" className="mt-6 flex justify-between gap-3">
      {prev ? (
        <AppLink href={prev.path} prefetch={false} rel="prev" className="inline-flex max-w-[48%] items-center gap-2 rounded-md border border-slate-300 px-4 py-2 text-sm hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800">
          <ArrowLeft aria-hidden className="h-4 w-4 shrink-0" />
          <span className="font-medium">{prev.title}</span>
          <LinkPending />
        </AppLink>
      ) : (
        <span />
      )}
      {next ? (
        <AppLink href={next.path} prefetch={false} rel="next" className="inline-flex max-w-[48%] items-center gap-2 rounded-md bg-brand-600 px-4 py-2 text-right text-sm font-medium text-white hover:bg-brand-700">
          <LinkPending />
          <span>{next.title}</span>
          <ArrowRight aria-hidden className="h-4 w-4 shrink-0" />
        </AppLink>
      ) : (
        <span className="text-sm text-ink-muted dark:text-ink-dark-muted">End of the course</span>
      )}
    </nav>
  );
}
