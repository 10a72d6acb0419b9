import { dehydrate, QueryClient } from "@tanstack/react-query";
import { PageData } from "@/components/shell/page-data";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { OutlineEditor } from "@/components/studio-content/outline-editor";
import { studioContentQueries } from "@/lib/api/studio-content";
import { serverCalls } from "@/lib/server/page-calls";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("studioContent.titles");
  return { title: t("outline") };
}

// The draft's outline is read while the page renders, so the first HTML shows it; a failed read (a
// learner, an unknown course) is left to the browser, which shows what went wrong.
export default async function StudioOutlinePage({ params }: { params: Promise<{ courseId: string }> }) {
  const [{ courseId }, { http, token }] = await Promise.all([params, serverCalls()]);
  const queryClient = new QueryClient();
  if (token)
    await Promise.all([
      queryClient.prefetchQuery(studioContentQueries.getCourseOutline(courseId, http)),
      queryClient.prefetchQuery(studioContentQueries.getCourseSettings(courseId, http)),
    ]);
  return (
    // The outline's SCORM upload form has its texts with the item editors'.
    <ClientMessages namespaces={["studioItems"]}>
      <PageData state={dehydrate(queryClient)}>
        <OutlineEditor courseId={courseId} />
      </PageData>
    </ClientMessages>
  );
}
