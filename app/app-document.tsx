import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import { getLocale, getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { preload } from "react-dom";
import { ClientMessages } from "@/components/i18n/client-messages";
import { AppProviders } from "@/components/shell/app-providers";
import { ThemeSync } from "@/components/shell/theme-sync";
import { requestBranding, runtimePublicConfig } from "@/lib/server/shell";
import { themeScript } from "@/lib/browser/theme";
import { SCRIPT_FONT_FILES } from "@/lib/i18n/script-fonts";
import "./globals.css";

/** The document's title and description in the page's language; a page's own title is followed by the brand. */
export async function appMetadata(): Promise<Metadata> {
  const t = await getTranslations("common.meta");
  return { title: { default: t("title"), template: "%s · SkillGrow" }, description: t("description") };
}

export const appViewport: Viewport = { width: "device-width", initialScale: 1 };

/** The product's whole document: the theme set before paint and the shell's providers around the page. */
export async function AppDocument({ children }: { children: ReactNode }) {
  // Reading the request's headers renders every page per request, so Next can put the request's
  // CSP nonce (proxy.ts) on its scripts; the theme script gets the same nonce.
  const requestHeaders = await headers();
  const nonce = requestHeaders.get("x-nonce") ?? undefined;
  const branding = await requestBranding();
  const { appEnv, ...config } = runtimePublicConfig();
  const locale = await getLocale();
  // A page in Hindi, Tamil or Telugu asks for its script's font at once (see lib/i18n/script-fonts.ts),
  // so its text is drawn once, in its font. Not the learning page: what it shows first is the video,
  // whose poster the font would hold back, and its text keeps its place when the font arrives.
  const scriptFont = SCRIPT_FONT_FILES[locale];
  const leadsWithVideo = requestHeaders.get("x-page-path")?.startsWith("/learn/") ?? false;
  if (scriptFont && !leadsWithVideo) preload(scriptFont, { as: "font", type: "font/woff2", crossOrigin: "anonymous" });
  return (
    // The theme script sets the `dark` class before React hydrates, so the class is not React's to compare.
    // data-app-env: the running server's APP_ENV, which names the session cookie the browser's code
    // reads and writes (lib/browser/app-env.ts); not built into the bundle, so a build runs anywhere.
    // lang: the language the page is written in (docs/languages.md): the visitor's choice, else their browser's.
    <html lang={locale} data-app-env={appEnv} suppressHydrationWarning>
      <head>
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: themeScript }} />
      </head>
      <body className="min-h-screen">
        <ThemeSync />
        <ClientMessages root namespaces={["common"]}>
          <AppProviders shell={{ branding, nonce, ...config }}>{children}</AppProviders>
        </ClientMessages>
      </body>
    </html>
  );
}
