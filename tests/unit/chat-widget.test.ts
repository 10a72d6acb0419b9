// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import {
  applyChatWidgetState,
  CHAT_WIDGET_REPOSITION_MS,
  chatWidgetBottom,
  chatWidgetState,
  chatWidgetStyle,
  endChatSession,
  positionChatWidget,
  type ChatWidgetApi,
} from "@/lib/browser/chat-widget";

function recordingApi() {
  const calls: string[] = [];
  const api: ChatWidgetApi = {
    minimize: () => calls.push("minimize"),
    maximize: () => calls.push("maximize"),
    shutdown: () => calls.push("shutdown"),
    logout: () => calls.push("logout"),
    hideWidget: () => calls.push("hideWidget"),
    showWidget: () => calls.push("showWidget"),
    setAttributes: () => calls.push("setAttributes"),
  };
  return { api, calls };
}

describe("chat widget state", () => {
  it("is loaded only when logged in, the login checked and chat available", () => {
    expect(chatWidgetState({ loggedIn: true, loginChecked: true, isO3ChatAvailable: true })).toBe("loaded");
  });
  it("is minimized and shut down when chat is available but the user is logged out", () => {
    expect(chatWidgetState({ loggedIn: false, loginChecked: true, isO3ChatAvailable: true })).toBe("shutDown");
    expect(chatWidgetState({ loggedIn: false, loginChecked: false, isO3ChatAvailable: true })).toBe("shutDown");
  });
  it("is hidden and logged out otherwise", () => {
    expect(chatWidgetState({ loggedIn: true, loginChecked: false, isO3ChatAvailable: true })).toBe("hidden");
    for (const loggedIn of [true, false]) {
      for (const loginChecked of [true, false]) expect(chatWidgetState({ loggedIn, loginChecked, isO3ChatAvailable: false })).toBe("hidden");
    }
  });
});

describe("applying a state to the widget", () => {
  it("shows it minimized when loaded", () => {
    const { api, calls } = recordingApi();
    applyChatWidgetState(api, "loaded");
    expect(calls).toEqual(["showWidget", "minimize"]);
  });
  it("minimizes then shuts it down when the user is logged out", () => {
    const { api, calls } = recordingApi();
    applyChatWidgetState(api, "shutDown");
    expect(calls).toEqual(["minimize", "shutdown"]);
  });
  it("hides it and logs the visitor out otherwise", () => {
    const { api, calls } = recordingApi();
    applyChatWidgetState(api, "hidden");
    expect(calls).toEqual(["hideWidget", "logout"]);
  });
  it("minimizes, shuts down and logs out on logout", () => {
    const { api, calls } = recordingApi();
    endChatSession(api);
    expect(calls).toEqual(["minimize", "shutdown", "logout"]);
  });
  it("does nothing, and throws nothing, without a widget or before its methods exist", () => {
    expect(() => applyChatWidgetState(undefined, "loaded")).not.toThrow();
    expect(() => endChatSession({})).not.toThrow();
    const throwing: ChatWidgetApi = {
      minimize: () => {
        throw new Error("not ready");
      },
    };
    expect(() => applyChatWidgetState(throwing, "shutDown")).not.toThrow();
  });
});

describe("placement", () => {
  it("is bottom-left, 10% from the side, 20% up on desktop and 10% on mobile, above the page at z-index 1000", () => {
    expect(chatWidgetStyle).toEqual({
      zIndex: 1000,
      visibility: {
        desktop: { position: "bl", xOffset: "10%", yOffset: "20%" },
        mobile: { position: "bl", xOffset: "10%", yOffset: "10%" },
      },
    });
    expect(CHAT_WIDGET_REPOSITION_MS).toBe(1000);
  });
  it("sits 80px from the bottom on the learning page and 20px elsewhere", () => {
    expect(chatWidgetBottom("/learn/video/course/chapter/sub/video")).toBe("80px");
    expect(chatWidgetBottom("/dashboard")).toBe("20px");
    expect(chatWidgetBottom("/")).toBe("20px");
    expect(chatWidgetBottom("/learning-paths")).toBe("20px");
  });
  it("moves the widget's frames to that bottom", () => {
    document.body.innerHTML = '<iframe title="chat widget" style="bottom: 300px"></iframe><iframe title="video"></iframe>';
    positionChatWidget(document, "80px");
    const [widget, other] = document.querySelectorAll("iframe");
    expect(widget!.style.bottom).toBe("80px");
    expect(other!.style.bottom).toBe("");
  });
});
