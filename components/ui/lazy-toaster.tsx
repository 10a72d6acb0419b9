"use client";

import dynamic from "next/dynamic";
import { useEffect, useState } from "react";
import { subscribeToasts } from "./toast-store";

const Toaster = dynamic(() => import("./toaster").then((m) => m.Toaster), { ssr: false });

/** The toaster, loaded when the first toast is shown: most pages never show one. */
export function LazyToaster() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted) return;
    return subscribeToasts((toast) => {
      if (toast) setWanted(true);
    });
  }, [wanted]);
  return wanted ? <Toaster /> : null;
}
