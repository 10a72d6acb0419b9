import type { AbstractIntlMessages, Messages } from "next-intl";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getMessages } from "next-intl/server";
import type { ReactNode } from "react";
import { AddedMessages } from "./added-messages";

/**
 * Hands the browser the messages of the named namespaces, in the request's language only, for the
 * client components inside: a page ships no other language and no other part's texts. The document
 * gives every page `common` (`root`); a layout or page adds its own namespaces to those it is inside.
 */
export async function ClientMessages({ namespaces, root = false, children }: { namespaces: (keyof Messages)[]; root?: boolean; children: ReactNode }) {
  const messages = await getMessages();
  const picked: AbstractIntlMessages = Object.fromEntries(namespaces.map((n) => [n, messages[n]]));
  if (!root) return <AddedMessages messages={picked}>{children}</AddedMessages>;
  return (
    <NextIntlClientProvider locale={await getLocale()} messages={picked} timeZone="UTC">
      {children}
    </NextIntlClientProvider>
  );
}
