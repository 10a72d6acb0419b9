import type { ReactNode } from "react";
import { StudioOnly } from "@/components/studio-content/studio-only";

// Every studio page (docs/studio.md) is for authors and administrators.
export default function StudioLayout({ children }: { children: ReactNode }) {
  return <StudioOnly>{children}</StudioOnly>;
}
