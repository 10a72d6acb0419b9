"use client";

import * as Toast from "@radix-ui/react-toast";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { DEFAULT_TOAST_DURATION, dismissToast, subscribeToasts, TOAST_SWIPE_THRESHOLD, type ToastMessage } from "./toast-store";

const variantClass: Record<ToastMessage["variant"], string> = {
  default: "border-slate-200 bg-white text-ink dark:border-slate-700 dark:bg-surface-dark-muted dark:text-ink-dark",
  success: "border-emerald-200 bg-success-soft text-success",
  destructive: "border-red-300 bg-danger text-white",
};

export function Toaster() {
  const t = useTranslations("common");
  const [toast, setToast] = useState<ToastMessage | null>(null);
  useEffect(() => subscribeToasts(setToast), []);

  return (
    <Toast.Provider swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD} duration={DEFAULT_TOAST_DURATION}>
      {toast && (
        <Toast.Root
          key={toast.id}
          duration={toast.duration}
          onOpenChange={(open) => !open && dismissToast(toast.id)}
          data-variant={toast.variant}
          className={`pointer-events-auto flex w-full items-start gap-3 rounded-card border p-4 shadow-lg ${variantClass[toast.variant]}`}
        >
          <div className="flex-1">
            {toast.title && <Toast.Title className="font-semibold">{toast.title}</Toast.Title>}
            <Toast.Description className="text-sm">{toast.description}</Toast.Description>
          </div>
          <Toast.Close aria-label={t("close")} className="rounded px-1 text-lg leading-none opacity-80 hover:opacity-100">
            ×
          </Toast.Close>
        </Toast.Root>
      )}
      <Toast.Viewport className="fixed right-4 bottom-4 z-[1100] flex w-[380px] max-w-[calc(100vw-2rem)] flex-col gap-2 outline-none" />
    </Toast.Provider>
  );
}
