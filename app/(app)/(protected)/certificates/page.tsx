import { dehydrate, QueryClient } from "@tanstack/react-query";
import { PageData } from "@/components/shell/page-data";
import type { Metadata } from "next";
import { CertificatesView } from "@/components/certificates/certificates-view";
import { certificatesQueries } from "@/lib/api/certificates";
import { serverCalls } from "@/lib/server/page-calls";

export const metadata: Metadata = { title: "Certificates" };

// The list is fetched while the page renders (the certificates due are issued by that same call),
// so the first HTML shows them and the browser asks for nothing to draw the page.
export default async function CertificatesPage() {
  const { http, token } = await serverCalls();
  const queryClient = new QueryClient();
  if (token) await queryClient.prefetchQuery(certificatesQueries.listCertificates(http));
  return (
    <PageData state={dehydrate(queryClient)}>
      <CertificatesView />
    </PageData>
  );
}
