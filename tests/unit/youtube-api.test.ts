// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

type Loader = typeof import("@/lib/browser/youtube-api");
let api: Loader;
const w = window as unknown as { YT?: { Player?: unknown }; onYouTubeIframeAPIReady?: () => void };
const scripts = () => [...document.querySelectorAll<HTMLScriptElement>("script")].filter((s) => s.src === "https://www.youtube.com/iframe_api");

beforeEach(async () => {
  vi.resetModules();
  api = await import("@/lib/browser/youtube-api");
});

afterEach(() => {
  vi.useRealTimers();
  for (const s of document.querySelectorAll("script")) s.remove();
  delete w.YT;
  delete w.onYouTubeIframeAPIReady;
});

describe("loading YouTube's iframe API", () => {
  it("rejects when the script cannot load, and a retry loads it with a new script", async () => {
    const first = api.loadYouTubeApi();
    // Asked twice at once, one script is added.
    expect(api.loadYouTubeApi()).toBe(first);
    expect(scripts()).toHaveLength(1);
    scripts()[0]!.dispatchEvent(new Event("error"));
    await expect(first).rejects.toThrow("YouTube's player could not be loaded");

    const second = api.loadYouTubeApi();
    expect(scripts()).toHaveLength(1);
    w.YT = { Player: class {} };
    w.onYouTubeIframeAPIReady!();
    await expect(second).resolves.toBeUndefined();
    // Once loaded, nothing more is fetched.
    await api.loadYouTubeApi();
    expect(scripts()).toHaveLength(1);
  });

  it("gives up on a request that never answers", async () => {
    vi.useFakeTimers();
    const load = api.loadYouTubeApi(15_000);
    const settled = expect(load).rejects.toThrow("did not load within 15 s");
    await vi.advanceTimersByTimeAsync(15_000);
    await settled;
  });
});
