"use client";

import { usePageQuery } from "@/hooks/use-address";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { errorMessage } from "@/lib/api/errors";
import { checkEmail } from "@/lib/contract/email";
import { safeRedirectPath } from "@/lib/safe-redirect";
import { useHydrated } from "@/hooks/use-shell-hydrated";
import { showToast } from "@/components/ui/toast-store";

export const LOGIN_REQUIRED_MESSAGE = "Please log in to view this page.";

/** The API client loads when the visitor starts typing (or at the latest on submit): the home page's first load does not carry it. */
const loadSignIn = () => import("@/lib/api/sign-in");

type State = { kind: "idle" } | { kind: "sending" } | { kind: "sent"; message: string } | { kind: "error"; message: string };

export function SignInForm() {
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
      showToast({ description: LOGIN_REQUIRED_MESSAGE, variant: "destructive" });
    }
  }, [params]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const signIn = await loadSignIn().catch(() => null);
    if (!signIn) {
      setState({ kind: "error", message: "Could not reach the server. Check your connection and try again." });
      return;
    }
    const checked = checkEmail(value);
    if (!checked.ok) {
      setFieldError(checked.message);
      return;
    }
    setFieldError(null);
    setState({ kind: "sending" });
    try {
      const res = await signIn.requestSignInLink(checked.email, redirectUrl);
      setState({ kind: "sent", message: res.message });
    } catch (err) {
      setState({ kind: "error", message: errorMessage(err) });
    }
  }

  return (
    <div className="w-full max-w-md rounded-card bg-white p-6 shadow-xl ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700 max-mobile:p-4">
      <h2 className="text-xl font-semibold">Sign in</h2>
      <p className="mt-1 text-sm text-ink-muted dark:text-ink-dark-muted">
        Enter the e-mail your company registered. We will send you a link that signs you in, no password needed.
      </p>
      {signedOut && (
        <p role="status" className="mt-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          You were signed out. Sign in again to continue.
        </p>
      )}
      {state.kind === "sent" ? (
        <div role="status" className="mt-6 rounded-md bg-success-soft p-4 text-success">
          <p className="font-medium">{state.message}</p>
          <p className="mt-2 text-sm">The link works once and for 15 minutes.</p>
          <button type="button" className="mt-3 text-sm font-medium underline" onClick={() => setState({ kind: "idle" })}>
            Use another e-mail
          </button>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="mt-6 space-y-4">
          <div>
            <label htmlFor="email" className="block text-sm font-medium">
              Work e-mail
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
              placeholder="name@company.com"
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
            {state.kind === "sending" ? "Sending…" : "Send me a sign-in link"}
          </button>
        </form>
      )}
    </div>
  );
}
