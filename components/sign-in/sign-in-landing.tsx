import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { BrandLogo } from "@/components/shell/brand-logo";

const highlights = ["video", "challenges", "certificates"] as const;

/**
 * The sign-in page's content under a company's brand: its logo (from the shell's branding) and its login
 * background behind the form. The home page renders it for the request's host; the studio's company
 * page renders the very same component with the company's branding as its preview (docs/companies.md).
 */
export function SignInLanding({ background, headerEnd, form }: { background: string | null; headerEnd?: ReactNode; form: ReactNode }) {
  const t = useTranslations("signIn.landing");
  return (
    <>
      {/* One row at every width: the logo gives way first. */}
      <header className="flex items-center justify-between gap-4 max-mobile:gap-2">
        <div className="min-w-0 shrink">
          <BrandLogo />
        </div>
        {headerEnd}
      </header>
      <section className="grid items-center gap-10 md:grid-cols-2">
        <div>
          <h1 className="text-4xl font-bold tracking-tight max-mobile:text-3xl">{t("title")}</h1>
          <p className="mt-4 text-lg text-ink-muted dark:text-ink-dark-muted">{t("lead")}</p>
          <ul className="mt-8 space-y-4">
            {highlights.map((key) => (
              <li key={key}>
                <p className="font-semibold">{t(`${key}Title`)}</p>
                <p className="text-ink-muted dark:text-ink-dark-muted">{t(`${key}Text`)}</p>
              </li>
            ))}
          </ul>
        </div>
        <div
          data-login-background={background ?? undefined}
          className={`flex justify-center max-md:order-first ${background ? "rounded-card bg-cover bg-center p-8 max-mobile:p-3" : ""}`}
          style={background ? { backgroundImage: `url(${JSON.stringify(background)})` } : undefined}
        >
          {form}
        </div>
      </section>
    </>
  );
}
