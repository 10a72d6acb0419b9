"use client";

import { useEffect, type RefObject } from "react";

function setSource(el: HTMLVideoElement, url: string) {
  el.src = url;
}

/**
 * Plays a video's HLS rendition when it has one: natively where the browser plays HLS (Safari), else
 * through hls.js (adaptive quality over Media Source Extensions), fetched only for such a video so
 * other pages stay light. Falls back to the original file when neither can play it, or when hls.js
 * gives up. Without an HLS address the original plays as it is.
 */
export function useLearningHls(video: RefObject<HTMLVideoElement | null>, hlsUrl: string | null | undefined, originalUrl: string, attempt: number) {
  useEffect(() => {
    const el = video.current;
    if (!el) return;
    if (!hlsUrl) {
      if (el.getAttribute("src") !== originalUrl) setSource(el, originalUrl);
      return;
    }
    if (el.canPlayType("application/vnd.apple.mpegurl")) {
      setSource(el, hlsUrl);
      return;
    }
    let cancelled = false;
    let destroy: (() => void) | undefined;
    void import("hls.js")
      .then(({ default: Hls }) => {
        if (cancelled) return;
        if (!Hls.isSupported()) {
          setSource(el, originalUrl);
          return;
        }
        // No worker: the page's Content-Security-Policy allows no blob: scripts.
        const hls = new Hls({ enableWorker: false, capLevelToPlayerSize: true });
        destroy = () => hls.destroy();
        hls.on(Hls.Events.ERROR, (_event, data) => {
          if (!data.fatal) return;
          hls.destroy();
          destroy = undefined;
          setSource(el, originalUrl);
        });
        hls.loadSource(hlsUrl);
        hls.attachMedia(el);
      })
      .catch(() => {
        if (!cancelled) setSource(el, originalUrl);
      });
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [video, hlsUrl, originalUrl, attempt]);
}
