"use client";

import { usePagePath } from "@/hooks/use-address";
import { useEffect, useState } from "react";
import { getUserProfile } from "@/lib/api/sign-in";
import type { UserProfile } from "@/lib/contract/user";
import {
  applyChatWidgetState,
  CHAT_WIDGET_REPOSITION_MS,
  chatWidgetBottom,
  chatWidgetState,
  chatWidgetStyle,
  positionChatWidget,
  type ChatWidgetApi,
} from "@/lib/browser/chat-widget";
import { useHasSessionCookie } from "@/hooks/use-sign-in-session-cookie";

const SCRIPT_ID = "chat-widget-script";
const injected = () => document.getElementById(SCRIPT_ID) !== null;

declare global {
  interface Window {
    Tawk_API?: ChatWidgetApi;
    Tawk_LoadStart?: Date;
  }
}

/**
 * The live-chat widget (Tawk-style), loaded from the configured URL for users who may chat. The
 * script gets the page's CSP nonce. The widget draws its own frames; this draws only the room it
 * needs at the page's end.
 * `profile` is the signed-in user's where the page has it; otherwise it is asked for once.
 */
export function ChatWidget({ url, nonce, profile }: { url: string; nonce?: string; profile?: UserProfile }) {
  const pathname = usePagePath();
  const hasCookie = useHasSessionCookie();
  const [fetched, setFetched] = useState<{ user?: UserProfile } | null>(null);
  const ask = hasCookie === true && !profile;
  useEffect(() => {
    if (!ask) return;
    let live = true;
    getUserProfile().then(
      (user) => live && setFetched({ user }),
      () => live && setFetched({}),
    );
    return () => {
      live = false;
    };
  }, [ask]);
  const user = profile ?? fetched?.user;

  const state = chatWidgetState({
    loggedIn: hasCookie === true && user !== undefined,
    loginChecked: hasCookie === false || (hasCookie === true && (profile !== undefined || fetched !== null)),
    isO3ChatAvailable: user?.isO3ChatAvailable ?? false,
  });

  useEffect(() => {
    if (state !== "loaded" || !user || injected()) return;
    const visitor = { name: user.name, email: user.email, ...(user.tawkHash ? { hash: user.tawkHash } : {}) };
    const api: ChatWidgetApi = window.Tawk_API ?? {};
    api.visitor = visitor;
    api.customStyle = chatWidgetStyle;
    api.onLoad = () => {
      applyChatWidgetState(window.Tawk_API, "loaded");
      try {
        window.Tawk_API?.setAttributes?.(visitor, () => undefined);
      } catch {
        // attributes are optional: the widget works without them
      }
    };
    window.Tawk_API = api;
    window.Tawk_LoadStart = new Date();
    const script = document.createElement("script");
    script.id = SCRIPT_ID;
    script.src = url;
    script.async = true;
    script.charset = "UTF-8";
    script.crossOrigin = "anonymous";
    if (nonce) script.nonce = nonce;
    document.body.appendChild(script);
  }, [state, user, url, nonce]);

  // Runs after the effect above, so it sees a script injected in the same commit.
  useEffect(() => {
    if (injected()) applyChatWidgetState(window.Tawk_API, state);
  }, [state]);

  useEffect(() => {
    if (!injected()) return;
    const bottom = chatWidgetBottom(pathname);
    positionChatWidget(document, bottom);
    const timer = window.setInterval(() => positionChatWidget(document, bottom), CHAT_WIDGET_REPOSITION_MS);
    return () => window.clearInterval(timer);
  }, [state, pathname]);

  // The launcher sits over the page's bottom-left corner. The page ends with room for it (with the
  // page's own bottom padding: its 20px from the bottom and its height), so the last lines can be
  // scrolled clear of it. The learning page places it above its own controls instead.
  return state === "loaded" && !pathname.startsWith("/learn/") ? <div aria-hidden data-chat-clearance className="h-16" /> : null;
}
