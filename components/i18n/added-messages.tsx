"use client";

import { NextIntlClientProvider, useLocale, useMessages, type AbstractIntlMessages } from "next-intl";
import { useMemo, type ReactNode } from "react";

/**
 * Adds namespaces to the messages the page's client components already have (the document's
 * `common`, the signed-in shell's `shell`...): a nested provider would otherwise replace them.
 */
export function AddedMessages({ messages, children }: { messages: AbstractIntlMessages; children: ReactNode }) {
  const outer = useMessages();
  const locale = useLocale();
  const merged = useMemo(() => ({ ...outer, ...messages }), [outer, messages]);
  return (
    <NextIntlClientProvider locale={locale} messages={merged} timeZone="UTC">
      {children}
    </NextIntlClientProvider>
  );
}
