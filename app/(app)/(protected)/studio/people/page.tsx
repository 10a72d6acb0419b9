import type { Metadata } from "next";
import { PeoplePage } from "@/components/studio-people/people-page";

export const metadata: Metadata = { title: "People" };

export default function StudioPeoplePage() {
  return <PeoplePage />;
}
