import type { ReactNode } from "react";
import { AdminOnly } from "@/components/studio-people/admin-only";

// The people pages (docs/people.md) are for administrators.
export default function StudioPeopleLayout({ children }: { children: ReactNode }) {
  return <AdminOnly>{children}</AdminOnly>;
}
