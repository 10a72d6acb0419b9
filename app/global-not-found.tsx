import type { Metadata } from "next";
import { NotFoundPage } from "@/components/shell/not-found-page";
import { AppDocument, appMetadata, appViewport } from "./app-document";

export const metadata: Metadata = { ...appMetadata, title: "Page not found · SkillGrow" };
export const viewport = appViewport;

/** Any address the app does not know: with several root layouts, no layout is there to wrap it. */
export default function GlobalNotFound() {
  return (
    <AppDocument>
      <NotFoundPage />
    </AppDocument>
  );
}
