"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { logError } from "@/lib/browser/client-log";
import { loadYouTubeApi } from "@/lib/browser/youtube-api";

export type PlayerLoadState = "loading" | "ready" | "failed";

/**
 * Whether the player could load: a YouTube video waits for YouTube's API first; a player that fails
 * (the API unreachable, the player's or the file's own error) says so once in the log and shows its
 * message until the learner tries again, which mounts a new player (`attempt` is its key).
 */
export function usePlayerLoad({ youtube, videoId }: { youtube: boolean; videoId: string }) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<PlayerLoadState>(youtube ? "loading" : "ready");
  // One record per failed attempt, however many error events the player fires for it.
  const logged = useRef(-1);

  const failed = useCallback(
    (reason: unknown) => {
      setState("failed");
      if (logged.current === attempt) return;
      logged.current = attempt;
      logError("app", reason instanceof Error ? reason : new Error(`Video ${videoId} could not be played: ${String(reason)}`), {
        videoId,
        provider: youtube ? "youtube" : "uploadedVideo",
        attempt: attempt + 1,
      });
    },
    [attempt, videoId, youtube],
  );

  useEffect(() => {
    if (!youtube) return;
    let current = true;
    loadYouTubeApi().then(
      () => current && setState("ready"),
      (err: unknown) => current && failed(err),
    );
    return () => {
      current = false;
    };
  }, [youtube, attempt, failed]);

  const retry = useCallback(() => {
    setState(youtube ? "loading" : "ready");
    setAttempt((a) => a + 1);
  }, [youtube]);

  return { state, attempt, failed, retry };
}
