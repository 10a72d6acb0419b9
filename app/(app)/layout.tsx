import type { ReactNode } from "react";
import { AppDocument, appMetadata, appViewport } from "../app-document";

export const generateMetadata = appMetadata;
export const viewport = appViewport;

/** The root layout of every page of the product (the bench's bare page has a root layout of its own). */
export default function RootLayout({ children }: { children: ReactNode }) {
  return <AppDocument>{children}</AppDocument>;
}
