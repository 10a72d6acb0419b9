import { endChatSession, type ChatWidgetApi } from "@/lib/browser/chat-widget";
import { clearSessionCookies } from "@/lib/browser/session-cookie";

/** Forgets the session in this browser: the chat widget is minimized, shut down and logged out, and the session, lead and profile cookies are cleared. */
export function forgetSession() {
  endChatSession((window as { Tawk_API?: ChatWidgetApi }).Tawk_API);
  clearSessionCookies();
}
