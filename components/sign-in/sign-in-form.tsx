"use client";

import { useTranslations } from "next-intl";
import { usePageQuery } from "@/hooks/use-address";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { errorCode, errorMessage, errorStatus } from "@/lib/api/errors";
import { HttpError } from "@/lib/api/client";
import { checkEmail, EMAIL_TOO_LONG } from "@/lib/contract/email";
import { safeRedirectPath } from "@/lib/safe-redirect";
import { useHydrated } from "@/hooks/use-shell-hydrated";
import { showToast } from "@/components/ui/toast-store";

/** The API client loads when the visitor starts typing (or at the latest on submit): the home page's first load does not carry it. */
const loadSignIn = () => import("@/lib/api/sign-in");

type State = { kind: "idle" } | { kind: "sending" } | { kind: "sent"; message: string } | { kind: "error"; message: string };

export function SignInForm() {
  const t = useTranslations("signIn.form");
  const params = usePageQuery();
  const [value, setValue] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [state, setState] = useState<State>({ kind: "idle" });
  // Until React runs, a click would submit the bare form and lose what was typed.
  const hydrated = useHydrated();
  const toasted = useRef(false);
  const redirectUrl = params.get("redirectUrl") ? safeRedirectPath(params.get("redirectUrl")) : undefined;
  const signedOut = params.get("ua") === "true";

  useEffect(() => {
    if (params.get("reason") === "login-required" && !toasted.current) {
      toasted.current = true;
      showToast({ description: t("loginRequired"), variant: "destructive" });
    }
  }, [params, t]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const signIn = await loadSignIn().catch(() => null);
    if (!signIn) {
      setState({ kind: "error", message: t("offline") });
      return;
    }
    const checked = checkEmail(value);
    if (!checked.ok) {
      setFieldError(checked.message === EMAIL_TOO_LONG ? t("emailTooLong") : t("emailInvalid"));
      return;
    }
    setFieldError(null);
    setState({ kind: "sending" });
    try {
      await signIn.requestSignInLink(checked.email, redirectUrl);
      setState({ kind: "sent", message: t("sent") });
    } catch (err) {
      setState({ kind: "error", message: refusal(err) });
    }
  }

  /** The API's refusal in the visitor's language: the codes this form can meet have words here; no answer at all is "offline". */
  function refusal(err: unknown): string {
    if (err instanceof HttpError && !err.response) return t("offline");
    if (errorStatus(err) === 429 && errorCode(err) === "too_many_requests") {
      const seconds = Number((err as HttpError).response?.headers.get("retry-after"));
      return t("tooMany", { minutes: Math.max(1, Math.ceil((Number.isFinite(seconds) ? seconds : 60) / 60)) });
    }
    return errorMessage(err);
  }

  return (
    <div className="w-full max-w-md rounded-card bg-white p-6 shadow-xl ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700 max-mobile:p-4">
      <h2 className="text-xl font-semibold">{t("title")}</h2>
      <p className="mt-1 text-sm text-ink-muted dark:text-ink-dark-muted">{t("intro")}</p>
      {signedOut && (
        <p role="status" className="mt-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          {t("signedOut")}
        </p>
      )}
      {state.kind === "sent" ? (
        <div role="status" className="mt-6 rounded-md bg-success-soft p-4 text-success">
          <p className="font-medium">{state.message}</p>
          <p className="mt-2 text-sm">{t("linkNote")}</p>
          <button type="button" className="mt-3 text-sm font-medium underline" onClick={() => setState({ kind: "idle" })}>
            {t("anotherEmail")}
          </button>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="mt-6 space-y-4">
          <div>
            <label htmlFor="email" className="block text-sm font-medium">
              {t("emailLabel")}
            </label>
            <input
              id="email"
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              required
              value={value}
              onChange={(e) => setValue(e.target.value)}
              onFocus={() => void loadSignIn().catch(() => undefined)}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? "email-error" : undefined}
              className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-ink dark:border-slate-600 dark:bg-surface-dark dark:text-ink-dark"
              placeholder={t("placeholder")}
            />
            {fieldError && (
              <p id="email-error" className="mt-1 text-sm text-danger">
                {fieldError}
              </p>
            )}
          </div>
          {state.kind === "error" && (
            <p role="alert" className="rounded-md bg-danger-soft p-3 text-sm text-danger">
              {state.message}
            </p>
          )}
          <button
            type="submit"
            disabled={state.kind === "sending" || !hydrated}
            className="w-full rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
          >
            {state.kind === "sending" ? t("sending") : t("send")}
          </button>
        </form>
      )}
    </div>
  );
}
