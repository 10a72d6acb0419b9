"use client";

import { useBranding } from "./shell-context";

/** The company's logo on its own host (a dark variant in dark mode), else the product's name. */
export function BrandLogo() {
  const brand = useBranding();
  if (!brand.logoUrl) {
    return (
      <span data-brand="default" className="text-lg font-bold tracking-tight text-brand-700 dark:text-brand-100">
        {brand.name}
      </span>
    );
  }
  // Logos are SVGs from the content files: shown as they are, sized by height. A plain img: next/image
  // would optimise nothing here (SVGs are served as they are) and adds its component to every page's start.
  /* eslint-disable @next/next/no-img-element */
  return (
    <span data-brand={brand.key ?? undefined} className="inline-flex min-w-0 max-w-full items-center">
      <img src={brand.logoUrl} alt={brand.name} width={220} height={40} fetchPriority="high" className={`h-8 w-auto max-w-full object-contain object-left max-mobile:h-7 ${brand.logoDarkUrl ? "dark:hidden" : ""}`} />
      {brand.logoDarkUrl && (
        <img src={brand.logoDarkUrl} alt={brand.name} width={220} height={40} className="hidden h-8 w-auto max-w-full object-contain object-left max-mobile:h-7 dark:block" />
      )}
    </span>
  );
}
