import type { Metadata } from "next";
import { PersonPage } from "@/components/studio-people/person-page";

export const metadata: Metadata = { title: "Person" };

export default async function StudioPersonPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <PersonPage id={id} />;
}
