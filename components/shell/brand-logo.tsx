"use client";

import Image from "next/image";
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
  // Logos are SVGs from the content files: shown as they are, sized by height.
  return (
    <span data-brand={brand.key ?? undefined} className="inline-flex items-center">
      <Image src={brand.logoUrl} alt={brand.name} width={220} height={40} unoptimized priority className={`h-8 w-auto max-mobile:h-7 ${brand.logoDarkUrl ? "dark:hidden" : ""}`} />
      {brand.logoDarkUrl && (
        <Image src={brand.logoDarkUrl} alt={brand.name} width={220} height={40} unoptimized className="hidden h-8 w-auto max-mobile:h-7 dark:block" />
      )}
    </span>
  );
}
