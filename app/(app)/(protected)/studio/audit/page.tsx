import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { AuditPage } from "@/components/studio-people/audit-page";
import { isUuid } from "@/lib/server/domain/ids";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("studioPeople.titles");
  return { title: t("audit") };
}

// `?target=` or `?actor=` (a person's id, as a person's page links here) starts the log filtered to them.
export default async function StudioAuditPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const id = (name: string) => {
    const value = params[name];
    return typeof value === "string" && isUuid(value) ? { id: value } : undefined;
  };
  return (
    <ClientMessages namespaces={["studioPeople"]}>
      <AuditPage initial={{ actor: id("actor"), target: id("target") }} />
    </ClientMessages>
  );
}
