import type { ReactNode } from "react";
import { ClientMessages } from "@/components/i18n/client-messages";

// This page shows parts of the learner's page (questions, rubric, lesson text, the course frame): their words come with it, in the page's language.
export default function LearnerPartsLayout({ children }: { children: ReactNode }) {
  return <ClientMessages namespaces={["learn", "challenges"]}>{children}</ClientMessages>;
}
