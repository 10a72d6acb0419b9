import type { Metadata } from "next";
import { NotFoundPage } from "@/components/shell/not-found-page";

export const metadata: Metadata = { title: "Page not found" };

/** A course, chapter or item that is not there (the page called notFound()). */
export default NotFoundPage;
