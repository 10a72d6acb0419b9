"use client";

import dynamic from "next/dynamic";
import { BadgeToasts } from "@/components/achievements/badge-toasts";
import { WatchQueueDrainer } from "@/components/learning/watch-queue-drainer";
import { useShellConfig } from "@/components/shell/shell-context";
import { usePageSettled } from "@/hooks/use-shell-page-settled";
import type { UserProfile } from "@/lib/contract/user";

// The chat widget's code, and its script from the chat service, load once the page has started.
const ChatWidget = dynamic(() => import("@/components/shell/chat-widget").then((m) => m.ChatWidget), { ssr: false });

/**
 * What every signed-in page has besides its content: the toast for a badge earned, the watch records
 * still to send, and the chat. `profile` is the signed-in user's where the page already has it; the
 * chat asks for it otherwise.
 */
export function ShellExtras({ profile }: { profile?: UserProfile }) {
  const shell = useShellConfig();
  const settled = usePageSettled();
  return (
    <>
      <BadgeToasts />
      <WatchQueueDrainer />
      {shell.chatWidgetUrl && settled && <ChatWidget url={shell.chatWidgetUrl} nonce={shell.nonce} profile={profile} />}
    </>
  );
}
