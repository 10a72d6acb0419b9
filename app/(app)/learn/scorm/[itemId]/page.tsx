import type { Metadata } from "next";
import { dehydrate, QueryClient } from "@tanstack/react-query";
import { getLocale, getTranslations } from "next-intl/server";
import { DrawnCourseTree } from "@/components/learning/drawn-course-tree";
import { LearnHeader } from "@/components/learning/learn-header";
import { LearnShell } from "@/components/learning/learn-shell";
import { PrevNext } from "@/components/learning/prev-next";
import { ScormPlayer } from "@/components/scorm/scorm-player";
import { ClientMessages } from "@/components/i18n/client-messages";
import { PageData } from "@/components/shell/page-data";
import { ShellExtras } from "@/components/shell/shell-extras";
import { learningQueries } from "@/lib/api/learning";
import { scormItemPath } from "@/lib/learning-address";
import { answerRefusal, requestScormLessonPage } from "@/lib/server/learning-page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("scorm");
  return { title: t("title") };
}

/**
 * A SCORM item of a course, played in a sandboxed frame (docs/scorm-xapi.md, "Runtime"), beside the
 * course tree as every step of a course is, with the steps before and after it.
 */
export default async function ScormItemPage({ params }: { params: Promise<{ itemId: string }> }) {
  const { itemId } = await params;
  const page = await requestScormLessonPage(itemId).catch((e) => answerRefusal(e, scormItemPath(itemId)));
  // The page is written in the learner's language (docs/languages.md): its own `lang` says which.
  const locale = await getLocale();
  const queryClient = new QueryClient();
  queryClient.setQueryData(learningQueries.getVideoTree(page.courseId).queryKey, page.tree);
  return (
    <ClientMessages namespaces={["learn", "scorm"]}>
      <PageData state={dehydrate(queryClient)}>
        <div lang={locale} className="min-h-screen">
          <LearnHeader courseTitle={page.tree.title} chapterTitle={page.chapterTitle} itemTitle={page.title} />
          <LearnShell tree={<DrawnCourseTree courseId={page.courseId} tree={page.tree} currentItemId={itemId} />}>
            <ScormPlayer itemId={itemId} title={page.title} />
            <PrevNext prev={page.prev} next={page.next} />
          </LearnShell>
        </div>
        <ShellExtras />
      </PageData>
    </ClientMessages>
  );
}
