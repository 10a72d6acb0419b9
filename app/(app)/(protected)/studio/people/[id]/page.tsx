import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { PersonPage } from "@/components/studio-people/person-page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("studioPeople.titles");
  return { title: t("person") };
}

// A person's page shows their enrollments too (the enrollment area's words).
export default async function StudioPersonPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <ClientMessages namespaces={["studioPeople", "studioEnrollment"]}>
      <PersonPage id={id} />
    </ClientMessages>
  );
}
