import { connection } from "next/server";
import type { ReactNode } from "react";

// The root layout of the bench's bare page: nothing of the product's, so the page's first-load JS
// is what Next itself ships. Built only when BENCH_BUILD is set.
//
// Rendered per request, as the product's pages are: proxy.ts answers every page with a
// Content-Security-Policy that admits only scripts carrying the request's nonce, and Next puts that
// nonce on a page's scripts only when it renders the page for the request. Prerendered, the bare
// page's scripts would all be refused, and Lighthouse would measure a page on which neither React
// nor Next ever runs.
export default async function BenchRootLayout({ children }: { children: ReactNode }) {
  await connection();
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
