import type { ReactNode } from "react";
import { AppHeader } from "@/components/layout/app-header";
import { RequireProfile } from "@/components/layout/require-profile";

export default function ProtectedLayout({ children }: { children: ReactNode }) {
  return (
    <RequireProfile>
      <AppHeader />
      <main className="mx-auto max-w-6xl px-6 py-8 max-mobile:px-4">{children}</main>
    </RequireProfile>
  );
}
