import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { XapiPage } from "@/components/xapi/xapi-page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("xapi.meta");
  return { title: t("title") };
}

export default function StudioXapiPage() {
  return (
    <ClientMessages namespaces={["xapi"]}>
      <XapiPage />
    </ClientMessages>
  );
}
