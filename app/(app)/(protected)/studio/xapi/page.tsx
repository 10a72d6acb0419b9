import type { Metadata } from "next";
import { XapiPage } from "@/components/xapi/xapi-page";

export const metadata: Metadata = { title: "xAPI statements" };

export default function StudioXapiPage() {
  return <XapiPage />;
}
