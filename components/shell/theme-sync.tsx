"use client";

import { useLayoutEffect } from "react";
import { restoreTheme } from "@/lib/browser/theme";

/** Puts the theme on a document the inline theme script did not run in (see restoreTheme). */
export function ThemeSync() {
  useLayoutEffect(restoreTheme, []);
  return null;
}
