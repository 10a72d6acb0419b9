"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, type RefObject } from "react";
import type { QueuedWatchRecord, WatchRecordBody } from "@/lib/api/learning";
import { drainWatchRecords, enqueueWatchRecord, flushWatchRecordsOnExit } from "@/lib/browser/watch-queue";

export const SAMPLE_EVERY_MS = 1000;
export const SEND_EVERY_MS = 15_000;

type WatchMeta = Omit<WatchRecordBody, "watchDuration" | "recordedAt">;

/**
 * Records what the learner really watches: the playback position is sampled every second while the
 * video plays; every 15 s, when the video ends, when the page is hidden or closed, and when the learner leaves the video,
 * the samples go to the server as one watch record with its own idempotency key. Records that
 * cannot be sent wait in local storage; the queue's drainer (started on every page by
 * WatchQueueDrainer) sends them when the network is back.
 */
export function useWatchProgress(media: RefObject<HTMLMediaElement | null>, meta: WatchMeta) {
  const queryClient = useQueryClient();
  const samples = useRef<number[]>([]);
  const watched = useRef(0);
  const metaRef = useRef(meta);
  useEffect(() => {
    metaRef.current = meta;
  });

  useEffect(() => {
    // The queue has one drainer; this only asks it to run. The tree's ticks follow what arrived.
    const drain = async () => {
      if (await drainWatchRecords()) void queryClient.invalidateQueries({ queryKey: ["learn", "tree"] });
    };

    const takeRecord = (): QueuedWatchRecord | null => {
      if (samples.current.length === 0) return null;
      const timeStamp = samples.current.splice(0);
      return {
        ...metaRef.current,
        watchDuration: { timeStamp, totalDuration: Math.round(watched.current) },
        idempotencyKey: crypto.randomUUID(),
        // Lets the server ignore a late record that is older than one it already has.
        recordedAt: new Date().toISOString(),
      };
    };

    const flush = () => {
      const record = takeRecord();
      if (record) enqueueWatchRecord(record);
      void drain();
    };

    // While the page goes away, only a keepalive request is sure to leave.
    const flushOnExit = () => {
      const record = takeRecord();
      if (record) enqueueWatchRecord(record);
      flushWatchRecordsOnExit();
    };

    const sampler = window.setInterval(() => {
      const m = media.current;
      // Played to the end: the end itself is the last position watched (the samples, a second apart,
      // stop short of it), and what was watched goes now, so the tree shows the video complete at once.
      if (m?.ended && samples.current.length > 0) {
        if (Number.isFinite(m.duration)) samples.current.push(Math.round(m.duration * 10) / 10);
        return flush();
      }
      if (!m || m.paused || m.ended || m.seeking || !Number.isFinite(m.currentTime)) return;
      samples.current.push(Math.round(m.currentTime * 10) / 10);
      watched.current += (SAMPLE_EVERY_MS / 1000) * (m.playbackRate || 1);
    }, SAMPLE_EVERY_MS);
    const sender = window.setInterval(flush, SEND_EVERY_MS);
    const onVisibility = () => document.visibilityState === "hidden" && flushOnExit();
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("pagehide", flushOnExit);

    return () => {
      window.clearInterval(sampler);
      window.clearInterval(sender);
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("pagehide", flushOnExit);
      flush();
    };
  }, [media, queryClient]);
}
