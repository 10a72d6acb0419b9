import { dehydrate, QueryClient } from "@tanstack/react-query";
import { PageData } from "@/components/shell/page-data";
import type { ReactNode } from "react";
import { userInfoQuery } from "@/lib/api/sign-in";
import { serverCalls } from "@/lib/server/page-calls";
import { ClientMessages } from "@/components/i18n/client-messages";
import { AppHeader } from "@/components/shell/app-header";
import { QueryProvider } from "@/components/shell/query-provider";
import { RequireProfile } from "@/components/shell/require-profile";

// The profile is fetched while the page is rendered on the server, so the first HTML already shows
// the signed-in page instead of a skeleton. A failed fetch (e.g. a revoked session) is left to the
// browser, which then shows the spec's states.
export default async function ProtectedLayout({ children }: { children: ReactNode }) {
  const { http, token } = await serverCalls();
  const queryClient = new QueryClient();
  if (token) await queryClient.prefetchQuery(userInfoQuery(http));
  return (
    <QueryProvider>
      <PageData state={dehydrate(queryClient)}>
        <ClientMessages namespaces={["shell", "language"]}>
          <RequireProfile>
            <AppHeader />
            <main className="mx-auto max-w-6xl px-6 py-8 max-mobile:px-4">{children}</main>
          </RequireProfile>
        </ClientMessages>
      </PageData>
    </QueryProvider>
  );
}
