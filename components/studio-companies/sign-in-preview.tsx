"use client";

import { useTranslations } from "next-intl";
import { SignInForm } from "@/components/sign-in/sign-in-form";
import { SignInLanding } from "@/components/sign-in/sign-in-landing";
import { ShellContext, useShellConfig } from "@/components/shell/shell-context";
import type { Branding } from "@/lib/branding";

/** An address a visitor of this pattern could open: the host itself, or a sub-domain for a wildcard. */
export const exampleHost = (pattern: string) => (pattern.startsWith("*.") ? `learn.${pattern.slice(2)}` : pattern);

/**
 * The sign-in page as a visitor of the company's host sees it: the home page's own component
 * (SignInLanding, with the real sign-in form) under the company's branding, which this preview puts
 * in the shell's context in place of the studio's. It follows the studio's light or dark mode. The
 * form is inert: nothing in the preview can be typed into or sent.
 */
export function SignInPreview({ branding, host }: { branding: Branding; host: string }) {
  const t = useTranslations("studioCompanies.preview");
  const shell = useShellConfig();
  return (
    <figure className="space-y-2">
      <figcaption className="text-sm text-ink-muted dark:text-ink-dark-muted">
        {t.rich("caption", { host: host || t("itsHost"), mono: (c) => <span className="font-mono">{c}</span> })}
      </figcaption>
      <div
        data-testid="sign-in-preview"
        className="overflow-hidden rounded-card bg-surface-muted ring-1 ring-slate-300 dark:bg-surface-dark dark:ring-slate-600"
      >
        <div aria-hidden className="flex items-center gap-2 border-b border-slate-200 bg-white px-3 py-1.5 text-xs text-ink-muted dark:border-slate-700 dark:bg-surface-dark-muted dark:text-ink-dark-muted">
          <span className="h-2.5 w-2.5 rounded-full bg-slate-300 dark:bg-slate-600" />
          <span className="truncate font-mono">{`https://${host || "…"}/`}</span>
        </div>
        <div inert className="flex flex-col gap-10 px-6 py-8 max-mobile:px-3 max-mobile:py-4">
          <ShellContext.Provider value={{ ...shell, branding }}>
            <SignInLanding background={branding.loginBackgroundUrl} form={<SignInForm />} />
          </ShellContext.Provider>
        </div>
      </div>
    </figure>
  );
}
