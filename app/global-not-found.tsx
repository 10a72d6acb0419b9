import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { NotFoundPage } from "@/components/shell/not-found-page";
import { AppDocument, appMetadata, appViewport } from "./app-document";

export async function generateMetadata(): Promise<Metadata> {
  return { ...(await appMetadata()), title: `${(await getTranslations("common.notFound"))("title")} · SkillGrow` };
}
export const viewport = appViewport;

/** Any address the app does not know: with several root layouts, no layout is there to wrap it. */
export default function GlobalNotFound() {
  return (
    <AppDocument>
      <NotFoundPage />
    </AppDocument>
  );
}
