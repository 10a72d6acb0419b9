import type { Metadata } from "next";
import { SignedInSummary } from "@/components/dashboard/signed-in-summary";

export const metadata: Metadata = { title: "Dashboard" };

export default function DashboardPage() {
  return <SignedInSummary />;
}
