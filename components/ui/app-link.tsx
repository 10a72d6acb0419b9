"use client";

import Link from "next/link";
import { useState, type ComponentProps } from "react";

/**
 * The product's link: next/link, prefetched once the user shows they may follow it (the pointer on
 * it, a touch, keyboard focus) instead of as soon as it is seen. Every page renders per request, so a
 * prefetch on sight fetched and parsed the server's render of each visible link's page while the
 * page was still starting, on the phone's main thread, for pages the learner mostly never opens.
 * `prefetch={false}` still means never.
 */
export function AppLink({ prefetch, onMouseEnter, onTouchStart, onFocus, ...props }: ComponentProps<typeof Link>) {
  const [intent, setIntent] = useState(false);
  return (
    <Link
      {...props}
      prefetch={prefetch === false || !intent ? false : (prefetch ?? null)}
      onMouseEnter={(e) => {
        setIntent(true);
        onMouseEnter?.(e);
      }}
      onTouchStart={(e) => {
        setIntent(true);
        onTouchStart?.(e);
      }}
      onFocus={(e) => {
        setIntent(true);
        onFocus?.(e);
      }}
    />
  );
}
