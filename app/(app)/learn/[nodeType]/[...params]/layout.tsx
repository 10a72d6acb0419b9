import type { ReactNode } from "react";
import { ClientMessages } from "@/components/i18n/client-messages";
import { QueryProvider } from "@/components/shell/query-provider";
import { ShellExtras } from "@/components/shell/shell-extras";
import { answerRefusal, checkRequestedAddress, requestedPlace } from "@/lib/server/learning-page";

type Params = Promise<{ nodeType: string; params: string[] }>;

// Runs before the page streams behind loading.tsx, so a visitor without a session is redirected to
// sign in and an address that names nothing answers 404, as HTTP statuses. One query, which the page reuses.
export default async function LearningPlaceLayout({ children, params }: { children: ReactNode; params: Params }) {
  const { place, path } = await requestedPlace(params);
  await checkRequestedAddress(place).catch((e) => answerRefusal(e, path));
  return (
    <ClientMessages namespaces={["learn", "challenges"]}>
      <QueryProvider>
        {children}
        <ShellExtras />
      </QueryProvider>
    </ClientMessages>
  );
}
