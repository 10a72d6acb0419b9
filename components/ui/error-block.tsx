import { useTranslations } from "next-intl";

/** A part of the page that failed to load, with what went wrong and, where it can be asked again, a retry. */
export function ErrorBlock({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const t = useTranslations("common");
  return (
    <div role="alert" className="rounded-card bg-danger-soft p-4 text-danger dark:bg-red-950 dark:text-red-200">
      <p>{message}</p>
      {onRetry && (
        <button type="button" onClick={onRetry} className="mt-2 rounded-md border border-current px-3 py-1 text-sm font-semibold">
          {t("tryAgain")}
        </button>
      )}
    </div>
  );
}
