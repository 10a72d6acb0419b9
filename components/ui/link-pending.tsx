"use client";

import { useTranslations } from "next-intl";
import { useLinkStatus } from "next/link";

/**
 * Inside a Link: a small spinner while the page the link opens is on its way, so a click on a slow
 * network is seen to have landed. It appears only after a short delay (globals.css, .link-pending),
 * so a fast navigation does not flash it.
 */
export function LinkPending({ className = "" }: { className?: string }) {
  const t = useTranslations("common");
  const { pending } = useLinkStatus();
  if (!pending) return null;
  return (
    <span role="status" className={`link-pending inline-block h-3.5 w-3.5 shrink-0 rounded-full border-2 border-current border-t-transparent ${className}`}>
      <span className="sr-only">{t("opening")}</span>
    </span>
  );
}
