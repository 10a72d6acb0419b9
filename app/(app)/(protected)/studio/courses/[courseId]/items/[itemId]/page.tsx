import { dehydrate, QueryClient } from "@tanstack/react-query";
import { PageData } from "@/components/shell/page-data";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { ItemEditor } from "@/components/studio-content/item-editor";
import { studioContentQueries } from "@/lib/api/studio-content";
import { serverCalls } from "@/lib/server/page-calls";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("studioContent.titles");
  return { title: t("item") };
}

// One item of a course's draft in its editor; the item is read while the page renders.
export default async function StudioItemPage({ params }: { params: Promise<{ courseId: string; itemId: string }> }) {
  const { courseId, itemId } = await params;
  const { http, token } = await serverCalls();
  const queryClient = new QueryClient();
  if (token) await queryClient.prefetchQuery(studioContentQueries.getOutlineItem(courseId, itemId, http));
  return (
    <ClientMessages namespaces={["studioItems"]}>
      <PageData state={dehydrate(queryClient)}>
        <ItemEditor courseId={courseId} itemId={itemId} />
      </PageData>
    </ClientMessages>
  );
}
