import { useTranslations } from "next-intl";
import { buttonClass, secondaryClass } from "@/components/studio-people/studio-classes";
import type { PurchaseRequestStatus } from "@/lib/api/studio-enrollment";

export { buttonClass, secondaryClass };

/** A price as learners read it on the course's page: ₹4,999 (Indian digit grouping, whatever the page's language). */
export const formatPrice = (priceCents: number, currency: string) =>
  new Intl.NumberFormat("en-IN", { style: "currency", currency, maximumFractionDigits: priceCents % 100 ? 2 : 0 }).format(priceCents / 100);

const TONES: Record<PurchaseRequestStatus, string> = {
  open: "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100",
  granted: "bg-green-100 text-green-900 dark:bg-green-900/40 dark:text-green-100",
  declined: "bg-slate-100 text-ink dark:bg-slate-800 dark:text-ink-dark",
};

export function PurchaseStatus({ status }: { status: PurchaseRequestStatus }) {
  const t = useTranslations("studioEnrollment.status");
  return <span className={`shrink-0 rounded-full px-2.5 py-1 text-sm font-semibold ${TONES[status]}`}>{t(status)}</span>;
}
