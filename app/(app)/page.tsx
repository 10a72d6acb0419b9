import { Suspense } from "react";
import { ClientMessages } from "@/components/i18n/client-messages";
import { LanguageSwitch } from "@/components/i18n/language-switch";
import { SignInForm } from "@/components/sign-in/sign-in-form";
import { SignInLanding } from "@/components/sign-in/sign-in-landing";
import { SignedInHome } from "@/components/sign-in/signed-in-home";
import { ThemeToggle } from "@/components/shell/theme-toggle";
import { getUserProfile } from "@/lib/api/sign-in";
import { serverCalls } from "@/lib/server/page-calls";
import { requestBranding } from "@/lib/server/shell";

export default async function HomePage() {
  const branding = await requestBranding();
  // A visitor whose session is valid is offered the way in, not the e-mail form; an expired or revoked one gets the form.
  const { http, token } = await serverCalls();
  const profile = token ? await getUserProfile(http).catch(() => null) : null;
  return (
    <ClientMessages namespaces={["signIn", "language"]}>
      <main className="mx-auto flex min-h-screen max-w-6xl flex-col gap-10 px-6 py-12 max-mobile:px-4 max-mobile:py-6">
        <SignInLanding
          background={branding.loginBackgroundUrl}
          headerEnd={
            <div className="flex shrink-0 items-center justify-end gap-2">
              <LanguageSwitch signedIn={!!profile} compact />
              <ThemeToggle />
            </div>
          }
          form={
            <Suspense fallback={<div className="skeleton h-72 w-full max-w-md" />}>
              {profile ? <SignedInHome name={profile.name} email={profile.email} signInForm={<SignInForm />} /> : <SignInForm />}
            </Suspense>
          }
        />
      </main>
    </ClientMessages>
  );
}
