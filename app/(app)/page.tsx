import { Suspense } from "react";
import { SignInForm } from "@/components/sign-in/sign-in-form";
import { SignedInHome } from "@/components/sign-in/signed-in-home";
import { BrandLogo } from "@/components/shell/brand-logo";
import { ThemeToggle } from "@/components/shell/theme-toggle";
import { getUserProfile } from "@/lib/api/sign-in";
import { serverCalls } from "@/lib/server/page-calls";
import { requestBranding } from "@/lib/server/shell";

const highlights = [
  ["Video courses", "Chapters and sub-chapters from engineers who build for a living; pick up exactly where you stopped."],
  ["Timed challenges", "Multiple-choice blocks and essay challenges marked by graders against a clear rubric."],
  ["Certificates", "Finish a course or a program and share your certificate with a link."],
] as const;

export default async function HomePage() {
  const branding = await requestBranding();
  const background = branding.loginBackgroundUrl;
  // A visitor whose session is valid is offered the way in, not the e-mail form; an expired or revoked one gets the form.
  const { http, token } = await serverCalls();
  const profile = token ? await getUserProfile(http).catch(() => null) : null;
  return (
    <main className="mx-auto flex min-h-screen max-w-6xl flex-col gap-10 px-6 py-12 max-mobile:px-4 max-mobile:py-6">
      <header className="flex items-center justify-between gap-4">
        <BrandLogo />
        <ThemeToggle />
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
          <Suspense fallback={<div className="skeleton h-72 w-full max-w-md" />}>
            {profile ? <SignedInHome name={profile.name} email={profile.email} signInForm={<SignInForm />} /> : <SignInForm />}
          </Suspense>
        </div>
      </section>
    </main>
  );
}
