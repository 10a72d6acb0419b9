import { Suspense } from "react";
import { SignInForm } from "@/components/auth/sign-in-form";

const highlights = [
  ["Video courses", "Chapters and sub-chapters from engineers who build for a living; pick up exactly where you stopped."],
  ["Timed challenges", "Multiple-choice blocks and essay challenges marked by graders against a clear rubric."],
  ["Certificates", "Finish a course or a program and share your certificate with a link."],
] as const;

export default function HomePage() {
  return (
    <main className="mx-auto flex min-h-screen max-w-6xl flex-col gap-10 px-6 py-12 max-mobile:px-4 max-mobile:py-6">
      <header className="flex items-center justify-between">
        <span className="text-lg font-bold tracking-tight text-brand-700 dark:text-brand-100">SkillGrow</span>
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
        <div className="flex justify-center max-md:order-first">
          <Suspense fallback={<div className="skeleton h-72 w-full max-w-md" />}>
            <SignInForm />
          </Suspense>
        </div>
      </section>
    </main>
  );
}
