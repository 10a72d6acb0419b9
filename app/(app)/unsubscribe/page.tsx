import type { Metadata } from "next";
import { Unsubscribe } from "@/components/notifications/unsubscribe";

export const metadata: Metadata = { title: "Stop notification e-mails", referrer: "no-referrer" };

export default function UnsubscribePage() {
  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <Unsubscribe />
    </main>
  );
}
