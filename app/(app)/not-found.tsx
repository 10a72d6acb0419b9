import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { NotFoundPage } from "@/components/shell/not-found-page";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("common.notFound"))("title") };
}

/** A course, chapter or item that is not there (the page called notFound()). */
export default NotFoundPage;
