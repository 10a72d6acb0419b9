import type { Metadata } from "next";
import { QueryProvider } from "@/components/shell/query-provider";
import { FinishSignIn } from "@/components/sign-in/finish-sign-in";

export const metadata: Metadata = { title: "Signing you in", referrer: "no-referrer" };

export default function FinishSignInPage() {
  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <QueryProvider>
        <FinishSignIn />
      </QueryProvider>
    </main>
  );
}
