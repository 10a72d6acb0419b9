import { dehydrate, QueryClient } from "@tanstack/react-query";
import { PageData } from "@/components/shell/page-data";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { CertificatesView } from "@/components/certificates/certificates-view";
import { ClientMessages } from "@/components/i18n/client-messages";
import { certificatesQueries } from "@/lib/api/certificates";
import { serverCalls } from "@/lib/server/page-calls";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("certificates");
  return { title: t("title") };
}

// The list is fetched while the page renders (the certificates due are issued by that same call),
// so the first HTML shows them and the browser asks for nothing to draw the page.
export default async function CertificatesPage() {
  const { http, token } = await serverCalls();
  const queryClient = new QueryClient();
  if (token) await queryClient.prefetchQuery(certificatesQueries.listCertificates(http));
  return (
    <ClientMessages namespaces={["certificates"]}>
      <PageData state={dehydrate(queryClient)}>
        <CertificatesView />
      </PageData>
    </ClientMessages>
  );
}
