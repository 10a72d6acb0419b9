import type { Metadata } from "next";
import { AuditPage } from "@/components/studio-people/audit-page";
import { isUuid } from "@/lib/server/domain/ids";

export const metadata: Metadata = { title: "Audit log" };

// `?target=` or `?actor=` (a person's id, as a person's page links here) starts the log filtered to them.
export default async function StudioAuditPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const id = (name: string) => {
    const value = params[name];
    return typeof value === "string" && isUuid(value) ? { id: value } : undefined;
  };
  return <AuditPage initial={{ actor: id("actor"), target: id("target") }} />;
}
