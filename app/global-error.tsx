"use client";

import { useEffect } from "react";
import { publicEnv } from "@/lib/public-env";
import { logError, startClientLogging } from "@/lib/browser/client-log";
import "./globals.css";

/** The root layout itself failed: this replaces it, so it starts the log itself before recording the error. */
export default function GlobalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => {
    const stop = startClientLogging(publicEnv.logUrl ?? `${publicEnv.apiBaseUrl.replace(/\/$/, "")}/log`);
    logError("react", error, { boundary: "global" });
    return stop;
  }, [error]);
  return (
    <html lang="en">
      <body className="flex min-h-screen items-center justify-center px-4">
        <div role="alert" className="max-w-md text-center">
          <h1 className="text-lg font-semibold">Something went wrong</h1>
          <p className="mt-2">The site could not be shown. Try again, or reload the page.</p>
          <button type="button" onClick={reset} className="mt-4 rounded-md bg-brand-600 px-4 py-2 font-semibold text-white">
            Try again
          </button>
        </div>
      </body>
    </html>
  );
}
