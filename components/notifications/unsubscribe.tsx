"use client";

import { useTranslations } from "next-intl";
import { AppLink } from "@/components/ui/app-link";
import { useState, useSyncExternalStore } from "react";
import { useErrorText } from "@/components/i18n/use-error-text";
import { unsubscribe } from "@/lib/api/notifications";

type State = { kind: "ready" } | { kind: "working" } | { kind: "done"; message: string } | { kind: "error"; message: string };

const onHashChange = (notify: () => void) => {
  window.addEventListener("hashchange", notify);
  return () => window.removeEventListener("hashchange", notify);
};
/** The link's token, from the address's fragment; null on the server, "" when the address has none. */
const useLinkToken = () =>
  useSyncExternalStore(
    onHashChange,
    () => new URLSearchParams(window.location.hash.slice(1)).get("token") ?? "",
    () => null,
  );

/**
 * Opened from the link at the end of a notification e-mail. Nothing changes until the button is
 * pressed: mail scanners open links, and must not turn e-mails off. The token is in the fragment,
 * which no server and no Referer sees.
 */
export function Unsubscribe() {
  const t = useTranslations("notifications.unsubscribe");
  const errorText = useErrorText();
  const token = useLinkToken();
  const [state, setState] = useState<State>({ kind: "ready" });

  const press = (token: string) => {
    setState({ kind: "working" });
    unsubscribe(token).then(
      (res) => setState({ kind: "done", message: res.message }),
      (err: unknown) => setState({ kind: "error", message: errorText(err) }),
    );
  };

  const card = "w-full max-w-md rounded-card bg-white p-6 shadow ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700";
  const manage = (
    <p className="mt-4 text-sm text-ink-muted dark:text-ink-dark-muted">
      {t.rich("manage", {
        link: (chunks) => (
          <AppLink href="/notifications" className="font-semibold text-brand-700 underline dark:text-brand-300">
            {chunks}
          </AppLink>
        ),
      })}
    </p>
  );

  if (token === null) return <div className={card} aria-busy="true" />;
  if (!token) {
    return (
      <div className={card}>
        <h1 className="text-lg font-semibold">{t("incomplete")}</h1>
        <p className="mt-2">{t("incompleteText")}</p>
        {manage}
      </div>
    );
  }
  if (state.kind === "done") {
    return (
      <div className={card} role="status">
        <h1 className="text-lg font-semibold">{t("done")}</h1>
        <p className="mt-2">{state.message}</p>
        {manage}
      </div>
    );
  }
  return (
    <div className={card}>
      <h1 className="text-lg font-semibold">{t("question")}</h1>
      <p className="mt-2">{t("questionText")}</p>
      {state.kind === "error" && (
        <p role="alert" className="mt-3 rounded-md bg-danger-soft p-3 text-sm text-danger dark:bg-red-950 dark:text-red-200">
          {state.message}
        </p>
      )}
      <button
        type="button"
        onClick={() => press(token)}
        disabled={state.kind === "working"}
        className="mt-4 rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
      >
        {state.kind === "working" ? t("working") : t("turnOff")}
      </button>
      {manage}
    </div>
  );
}
