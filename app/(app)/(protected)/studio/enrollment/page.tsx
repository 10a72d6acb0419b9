import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { EnrollmentPage } from "@/components/studio-enrollment/enrollment-page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("studioEnrollment.titles");
  return { title: t("enrollment") };
}

export default function StudioEnrollmentPage() {
  return (
    <ClientMessages namespaces={["studioEnrollment"]}>
      <EnrollmentPage />
    </ClientMessages>
  );
}
