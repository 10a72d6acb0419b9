/** What the page does with the chat widget (spec section 4). */
export type ChatWidgetState = "loaded" | "shutDown" | "hidden";

export interface ChatWidgetInputs {
  loggedIn: boolean;
  loginChecked: boolean;
  isO3ChatAvailable: boolean;
}

/**
 * Loaded (minimized) only for a logged-in user whose login has been checked and who may chat;
 * minimized and shut down when such a user is logged out; otherwise hidden and logged out.
 */
export function chatWidgetState({ loggedIn, loginChecked, isO3ChatAvailable }: ChatWidgetInputs): ChatWidgetState {
  if (isO3ChatAvailable && loggedIn && loginChecked) return "loaded";
  if (isO3ChatAvailable && !loggedIn) return "shutDown";
  return "hidden";
}

/** The part of a Tawk-style widget API the page uses. Its methods exist only once the script has loaded. */
export interface ChatWidgetApi {
  onLoad?: () => void;
  visitor?: { name?: string; email?: string; hash?: string };
  customStyle?: unknown;
  minimize?: () => void;
  maximize?: () => void;
  shutdown?: () => void;
  logout?: (callback?: (error?: unknown) => void) => void;
  hideWidget?: () => void;
  showWidget?: () => void;
  setAttributes?: (attributes: Record<string, string>, callback?: (error?: unknown) => void) => void;
}

export const CHAT_WIDGET_Z_INDEX = 1000;
export const CHAT_WIDGET_REPOSITION_MS = 1000;

/** Bottom-left, 10% from the side; 20% from the bottom on desktop and 10% on mobile. */
export const chatWidgetStyle = {
  zIndex: CHAT_WIDGET_Z_INDEX,
  visibility: {
    desktop: { position: "bl", xOffset: "10%", yOffset: "20%" },
    mobile: { position: "bl", xOffset: "10%", yOffset: "10%" },
  },
} as const;

/** 80px from the bottom on the learning page (clear of the player's controls), 20px elsewhere. */
export const chatWidgetBottom = (pathname: string) => (pathname.startsWith("/learn/") ? "80px" : "20px");

// Each call is guarded: a widget that failed to load, or an older API without the method, must not break the page.
function tryCall(fn: (() => void) | undefined) {
  try {
    fn?.();
  } catch {
    // the widget is not ready; the state is applied again on its onLoad
  }
}

/** Brings a loaded widget into the given state. */
export function applyChatWidgetState(api: ChatWidgetApi | undefined, state: ChatWidgetState) {
  if (!api) return;
  if (state === "loaded") {
    tryCall(api.showWidget && (() => api.showWidget!()));
    tryCall(api.minimize && (() => api.minimize!()));
  } else if (state === "shutDown") {
    tryCall(api.minimize && (() => api.minimize!()));
    tryCall(api.shutdown && (() => api.shutdown!()));
  } else {
    tryCall(api.hideWidget && (() => api.hideWidget!()));
    tryCall(api.logout && (() => api.logout!()));
  }
}

/** On logout: minimize, shut down and log the visitor out of the widget. */
export function endChatSession(api: ChatWidgetApi | undefined) {
  if (!api) return;
  tryCall(api.minimize && (() => api.minimize!()));
  tryCall(api.shutdown && (() => api.shutdown!()));
  tryCall(api.logout && (() => api.logout!()));
}

/** Sets the widget's frames to `bottom`; the widget places itself on load, so this is repeated. */
export function positionChatWidget(doc: Document, bottom: string) {
  for (const el of doc.querySelectorAll<HTMLElement>('iframe[title="chat widget"]')) {
    if (el.style.getPropertyValue("bottom") !== bottom) el.style.setProperty("bottom", bottom, "important");
  }
}
