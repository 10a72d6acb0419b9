import type { ReactNode } from "react";
import { BrandLogo } from "@/components/shell/brand-logo";

const highlights = [
  ["Video courses", "Chapters and sub-chapters from engineers who build for a living; pick up exactly where you stopped."],
  ["Timed challenges", "Multiple-choice blocks and essay challenges marked by graders against a clear rubric."],
  ["Certificates", "Finish a course or a program and share your certificate with a link."],
] as const;

/**
 * The sign-in page's content under a company's brand: its logo (from the shell's branding) and its login
 * background behind the form. The home page renders it for the request's host; the studio's company
 * page renders the very same component with the company's branding as its preview (docs/companies.md).
 */
export function SignInLanding({ background, headerEnd, form }: { background: string | null; headerEnd?: ReactNode; form: ReactNode }) {
  return (
    <>
      <header className="flex items-center justify-between gap-4">
        <BrandLogo />
        {headerEnd}
      </header>
      <section className="grid items-center gap-10 md:grid-cols-2">
        <div>
          <h1 className="text-4xl font-bold tracking-tight max-mobile:text-3xl">Learning built for engineering teams</h1>
          <p className="mt-4 text-lg text-ink-muted dark:text-ink-dark-muted">
            Courses, challenges and live sessions for the customers and employees of engineering companies.
          </p>
          <ul className="mt-8 space-y-4">
            {highlights.map(([title, text]) => (
              <li key={title}>
                <p className="font-semibold">{title}</p>
                <p className="text-ink-muted dark:text-ink-dark-muted">{text}</p>
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
