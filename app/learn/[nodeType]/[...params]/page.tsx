import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { errorStatus } from "@/lib/api/errors";
import { learnQueries } from "@/lib/api/learning";
import { callApi } from "@/lib/api/client";
import { getCourseLastChapterData, getVideoNavigate, getVideoSlugCourseIds } from "@/lib/contract/calls/learning";
import type { navigationTarget } from "@/lib/contract/entities";
import type { z } from "zod";

type NavigationTarget = z.infer<typeof navigationTarget>;
import { learnPath, parseLearnPath, type LearnPageNodeType } from "@/lib/learning-address";
import { loginRedirectPath } from "@/lib/routes";
import { serverHttp } from "@/lib/server/api/in-process-client";
import { CourseTree } from "@/components/learning/course-tree";
import { LearnShell } from "@/components/learning/learn-shell";
import { PageContent } from "@/components/learning/page-content";
import { VideoPanel } from "@/components/learning/video-panel";
import { ChallengePanel } from "@/components/challenges/challenge-panel";
import { ThemeToggle } from "@/components/shell/theme-toggle";
import { placedItems } from "@/components/learning/tree-helpers";

type Params = { nodeType: string; params: string[] };

export const metadata: Metadata = { title: "Learning" };

/** Turns an API refusal into the page's answer: sign in again, or not found. */
function fail(err: unknown, path: string): never {
  const status = errorStatus(err);
  if (status === 401) redirect(loginRedirectPath(path));
  if (status === 404 || status === 400) notFound();
  throw err;
}

export default async function LearnPage({ params }: { params: Promise<Params> }) {
  const { nodeType, params: parts } = await params;
  const requested = `/learn/${nodeType}/${parts.join("/")}`;
  const place = parseLearnPath(nodeType, parts);
  if (!place) notFound();
  const { http, token } = await serverHttp();
  if (!token) redirect(loginRedirectPath(requested));

  // /learn/course/{course}: continue where the learner left off.
  if (place.nodeType === "course") {
    const ids = await callApi(getVideoSlugCourseIds, { query: { videoCourseSlugId: place.courseSlugId } }, http).catch((e) => fail(e, requested));
    const last = await callApi(getCourseLastChapterData, { query: { courseId: ids.courseId } }, http).catch((e) => fail(e, requested));
    if (!last.nodeId || !last.chapterSlugId || !last.subChapterSlugId || !last.nodeSlugId || !last.nodeType) notFound();
    redirect(
      learnPath({
        nodeType: last.nodeType as LearnPageNodeType,
        courseSlugId: last.courseSlugId,
        chapterSlugId: last.chapterSlugId,
        subChapterSlugId: last.subChapterSlugId,
        nodeSlugId: last.nodeSlugId,
      }),
    );
  }

  const queryClient = new QueryClient();
  const ids = await queryClient
    .fetchQuery(learnQueries.slugIds({ videoCourseSlugId: place.courseSlugId, nodeSlugId: place.nodeSlugId }, http))
    .catch((e) => fail(e, requested));
  if (!ids.nodeId) notFound();
  const tree = await queryClient.fetchQuery(learnQueries.tree(ids.courseId, http)).catch((e) => fail(e, requested));
  const items = placedItems(tree);
  const index = items.findIndex((p) => p.item.id === ids.nodeId);
  const current = items[index];
  if (!current) notFound();
  // An old or wrong address (title or place changed) goes to the item's address today.
  if (current.path !== requested) redirect(current.path);

  const dataQuery = { id: current.item.id, type: current.item.type, courseId: ids.courseId };
  if (current.item.type === "video") await queryClient.prefetchQuery(learnQueries.data(dataQuery, http));
  const video = current.item.type === "video" ? queryClient.getQueryData(learnQueries.data(dataQuery, http).queryKey) : undefined;
  const [prev = null, next = null] = await Promise.all(
    (["prev", "next"] as const).map((direction) =>
      callApi(getVideoNavigate, { query: { courseId: ids.courseId, id: current.item.id, type: current.item.type, direction } }, http)
        .then((r) => r.target ?? null)
        .catch(() => null),
    ),
  );

  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <div className="min-h-screen">
        <header className="border-b border-slate-200 bg-white dark:border-slate-700 dark:bg-surface-dark-muted">
          <div className="mx-auto flex h-14 max-w-7xl items-center gap-4 px-6 max-tablet:px-3">
            <Link href="/courses" className="text-sm font-medium text-brand-700 dark:text-brand-100">
              ← Courses
            </Link>
            <nav aria-label="Breadcrumb" className="min-w-0 flex-1 truncate text-sm text-ink-muted dark:text-ink-dark-muted">
              <span>{tree.title}</span>
              <span aria-hidden> / </span>
              <span>{tree.chapters.find((c) => c.slugId === current.chapterSlugId)?.title}</span>
              <span aria-hidden> / </span>
              <span aria-current="page" className="text-ink dark:text-ink-dark">
                {current.item.title}
              </span>
            </nav>
            <ThemeToggle />
          </div>
        </header>
        <LearnShell tree={<CourseTree courseId={ids.courseId} currentItemId={current.item.id} />}>
          {current.item.type === "video" ? (
            <VideoPanel query={dataQuery} batchId={ids.batchId} />
          ) : (
            <ChallengePanel item={current.item} courseId={ids.courseId} />
          )}
          <PrevNext prev={prev} next={next} courseSlugId={tree.slugId} />
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
    </HydrationBoundary>
  );
}

function targetPath(t: NavigationTarget, courseSlugId: string) {
  if (!t.chapterSlugId || !t.subChapterSlugId) return null;
  return learnPath({
    nodeType: t.type as LearnPageNodeType,
    courseSlugId,
    chapterSlugId: t.chapterSlugId,
    subChapterSlugId: t.subChapterSlugId,
    nodeSlugId: t.slugId,
  });
}

function PrevNext({ prev, next, courseSlugId }: { prev: NavigationTarget | null; next: NavigationTarget | null; courseSlugId: string }) {
  const prevPath = prev && targetPath(prev, courseSlugId);
  const nextPath = next && targetPath(next, courseSlugId);
  return (
    <nav aria-label="Previous and next" className="mt-6 flex justify-between gap-3">
      {prevPath ? (
        <Link href={prevPath} rel="prev" className="max-w-[48%] rounded-md border border-slate-300 px-4 py-2 text-sm dark:border-slate-600">
          ← <span className="font-medium">{prev!.title}</span>
        </Link>
      ) : (
        <span />
      )}
      {nextPath ? (
        <Link href={nextPath} rel="next" className="max-w-[48%] rounded-md bg-brand-600 px-4 py-2 text-right text-sm font-medium text-white hover:bg-brand-700">
          {next!.title} →
        </Link>
      ) : (
        <span className="text-sm text-ink-muted dark:text-ink-dark-muted">End of the course</span>
      )}
    </nav>
  );
}
