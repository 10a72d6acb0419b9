"use client";

import { useEffect, useState } from "react";
import { whenPageSettled } from "@/lib/browser/page-settled";

/** false until the page has started (loaded, then an idle moment of the browser); see whenPageSettled. */
export function usePageSettled(): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    let live = true;
    void whenPageSettled().then(() => {
      if (live) setSettled(true);
    });
    return () => {
      live = false;
    };
  }, []);
  return settled;
}
