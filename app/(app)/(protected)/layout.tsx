import type { ReactNode } from "react";
import { getUserProfile } from "@/lib/api/sign-in";
import { HttpError } from "@/lib/api/client";
import { serverCalls } from "@/lib/server/page-calls";
import { ClientMessages } from "@/components/i18n/client-messages";
import { AppHeader } from "@/components/shell/app-header";
import { RequireProfile, type ProfileRead } from "@/components/shell/require-profile";
import { ShellExtras } from "@/components/shell/shell-extras";

// The profile is read while the page is rendered on the server, so the first HTML already shows the
// signed-in page instead of a skeleton, and the browser needs no query cache to show it. A failed
// read (a revoked session, say) is handed to the browser, which shows the spec's states.
export default async function ProtectedLayout({ children }: { children: ReactNode }) {
  const { http, token } = await serverCalls();
  const read: ProfileRead = token
    ? await getUserProfile(http).then(
        (profile) => ({ profile }),
        (error: unknown) => ({ failed: error instanceof HttpError && error.response ? { status: error.response.status, body: error.response.data } : {} }),
      )
    : null;
  return (
    <ClientMessages namespaces={["shell", "language"]}>
      <RequireProfile read={read}>
        <AppHeader />
        <main className="mx-auto max-w-6xl px-6 py-8 max-mobile:px-4">{children}</main>
        <ShellExtras profile={read && "profile" in read ? read.profile : undefined} />
      </RequireProfile>
    </ClientMessages>
  );
}
