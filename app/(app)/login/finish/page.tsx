import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { QueryProvider } from "@/components/shell/query-provider";
import { FinishSignIn } from "@/components/sign-in/finish-sign-in";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("signIn.finish"))("title"), referrer: "no-referrer" };
}

export default async function FinishSignInPage() {
  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <ClientMessages namespaces={["signIn"]}>
        <QueryProvider>
          <FinishSignIn />
        </QueryProvider>
      </ClientMessages>
    </main>
  );
}
