"use client";

import type { MouseEvent, ReactNode } from "react";

/**
 * A link to a part of the dashboard (`/dashboard?courses=completed#my-courses`): followed in place,
 * without a new server render, by updating the address (Next.js keeps useSearchParams in step) and
 * scrolling to the part. Without JavaScript it is an ordinary link.
 */
export function InPageLink({ href, className, children, ariaLabel }: { href: string; className?: string; children: ReactNode; ariaLabel?: string }) {
  const follow = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    const url = new URL(href, window.location.href);
    window.history.pushState(null, "", `${url.pathname}${url.search}${url.hash}`);
    const target = url.hash ? document.getElementById(url.hash.slice(1)) : null;
    if (target) {
      target.scrollIntoView({ behavior: window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth", block: "start" });
      target.focus({ preventScroll: true });
    }
  };
  return (
    <a href={href} onClick={follow} className={className} aria-label={ariaLabel}>
      {children}
    </a>
  );
}
