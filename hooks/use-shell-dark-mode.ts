"use client";

import { useCallback, useSyncExternalStore } from "react";
import { setDarkMode } from "@/lib/browser/theme";

function subscribe(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
  return () => observer.disconnect();
}

const isDark = () => document.documentElement.classList.contains("dark");

/** The theme on screen (set before paint by the inline script) and a toggle that remembers the choice. */
export function useDarkMode(): { dark: boolean; toggle: () => void } {
  const dark = useSyncExternalStore(subscribe, isDark, () => false);
  const toggle = useCallback(() => setDarkMode(!isDark()), []);
  return { dark, toggle };
}
