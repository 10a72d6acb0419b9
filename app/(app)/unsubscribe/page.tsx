import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { Unsubscribe } from "@/components/notifications/unsubscribe";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("notifications.unsubscribe");
  return { title: t("title"), referrer: "no-referrer" };
}

export default async function UnsubscribePage() {
  // The page is written in the visitor's language (docs/languages.md): its own `lang` says which.
  const locale = await getLocale();
  return (
    <ClientMessages namespaces={["notifications"]}>
      <main lang={locale} className="flex min-h-screen items-center justify-center px-4">
        <Unsubscribe />
      </main>
    </ClientMessages>
  );
}
