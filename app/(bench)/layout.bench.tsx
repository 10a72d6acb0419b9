import type { ReactNode } from "react";

// The root layout of the bench's bare page: nothing of the product's, so the page's first-load JS
// is what Next itself ships. Built only when BENCH_BUILD is set.
export default function BenchRootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
