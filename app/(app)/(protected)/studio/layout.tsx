import type { ReactNode } from "react";
import { ClientMessages } from "@/components/i18n/client-messages";
import { QueryProvider } from "@/components/shell/query-provider";
import { StudioOnly } from "@/components/studio-content/studio-only";

// Every studio page (docs/studio.md) is for authors and administrators; each gets the studio's shared words.
export default function StudioLayout({ children }: { children: ReactNode }) {
  return (
    <ClientMessages namespaces={["studio"]}>
      <QueryProvider>
        <StudioOnly>{children}</StudioOnly>
      </QueryProvider>
    </ClientMessages>
  );
}
