"use client";

import { Play, RotateCw, VideoOff } from "lucide-react";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type PointerEvent } from "react";
import type { VideoPageData } from "@/lib/contract/entities/learning";
import { useWatchProgress } from "@/hooks/use-learning-watch-progress";
import { usePlayerLoad } from "@/hooks/use-learning-player-load";
import { useLearningHls } from "@/hooks/use-learning-hls";

// Only the YouTube element is fetched, and only when a YouTube video is shown.
const ReactPlayer = dynamic(() => import("react-player"), { ssr: false, loading: () => <div className="skeleton h-full w-full" /> });

const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2];

interface Props {
  video: VideoPageData;
  batchId: string | null;
}

/** Plays a YouTube or uploaded video, resumes where the learner stopped, and records what is watched. */
export default function MediaPlayer({ video, batchId }: Props) {
  const t = useTranslations("learn.player");
  const frame = useRef<HTMLDivElement>(null);
  const media = useRef<HTMLMediaElement | null>(null);
  const videoElement = useRef<HTMLVideoElement | null>(null);
  const [speed, setSpeed] = useState(1);
  const resumed = useRef(false);
  const src = video.videoLink!;
  const youtube = video.videoProvider === "youtube";
  const load = usePlayerLoad({ youtube, videoId: video.id });
  const failed = load.failed;

  useWatchProgress(media, {
    batchId,
    courseId: video.courseId,
    versionId: video.versionId,
    videoId: video.id,
    videoSrc: src,
    videoProvider: video.videoProvider,
  });

  const attach = useCallback((el: HTMLMediaElement | null) => {
    media.current = el;
  }, []);

  // An uploaded video that was processed plays its HLS ladder; any other plays its file (src below).
  useLearningHls(videoElement, youtube ? null : video.hlsUrl, src, load.attempt);

  const resume = useCallback(() => {
    const m = media.current;
    if (!m || resumed.current) return;
    resumed.current = true;
    // Start where the learner stopped, unless that was the very end.
    if (video.resumeAtSeconds > 1 && video.resumeAtSeconds < video.videoDurationInSeconds - 3) m.currentTime = video.resumeAtSeconds;
  }, [video.resumeAtSeconds, video.videoDurationInSeconds]);

  // Captions are placed clear of the control bar once the track is loaded, and again when the player's size changes.
  // The element may have loaded its metadata before it was placed on the page (React builds it while
  // the page is still being prepared, and an event on an element not yet placed reaches no handler):
  // it resumes (or reports the failure) here then.
  const attachVideo = useCallback(
    (el: HTMLVideoElement | null) => {
      attach(el);
      videoElement.current = el;
      if (!el) return;
      if (el.readyState >= HTMLMediaElement.HAVE_METADATA) resume();
      if (el.error) failed("the video file could not be loaded");
      // The height comes from the resize observer, which reports it after the browser has laid the
      // page out: asking the element for it would make the browser lay out the whole page at once,
      // in the middle of the page's start (70-80 ms at a phone's CPU).
      let height = 0;
      const place = () => placeCaptions(el, height);
      const track = el.querySelector("track");
      track?.addEventListener("load", place);
      const resized = new ResizeObserver(([entry]) => {
        height = entry?.contentRect.height ?? 0;
        place();
      });
      resized.observe(el);
      return () => {
        track?.removeEventListener("load", place);
        resized.disconnect();
      };
    },
    [attach, resume, failed],
  );

  useEffect(() => {
    if (media.current) media.current.playbackRate = speed;
  }, [speed]);

  // The browser's own controls are drawn in the video's shadow tree: on a phone's CPU, styling and
  // laying them out takes longer than the rest of the lesson's page. They are added when the learner
  // comes to the video (the mouse over it, the focus in it, a tap or a play); until then a Play button
  // of the page's own stands on the picture. They are set on the element at once, so the event that
  // asked for them (a mouse's click that follows its hover) already reaches them.
  const [controls, setControls] = useState(false);
  const showControls = useCallback(() => {
    if (videoElement.current) videoElement.current.controls = true;
    setControls(true);
  }, []);
  const playButton = useRef<HTMLButtonElement>(null);
  const onPointerEnter = (e: PointerEvent<HTMLDivElement>) => {
    // A touch has no hover: the finger that lands on the picture is taken by the Play button.
    if (e.pointerType === "mouse") showControls();
  };
  const onFocus = (e: FocusEvent<HTMLDivElement>) => {
    // The Play button keeps its own focus (a screen reader's user lands on it); anything else in the player shows the controls.
    if ((e.target as EventTarget) !== playButton.current) showControls();
  };
  const playFromButton = () => {
    const v = videoElement.current;
    showControls();
    if (!v) return;
    void v.play().catch(() => undefined);
    // The focus goes where the button was: to the video, whose controls now show.
    v.focus();
  };

  // The browser's own controls act on some of these keys too when the video has focus (Space on its
  // key-up, the arrows on their key-down), so the player takes them in the capture phase, before the
  // video sees them, and cancels both halves: each key acts exactly once.
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const m = media.current;
    if (!m || !ownsKey(e)) return;
    e.preventDefault();
    switch (e.key) {
      case " ":
      case "k":
        // Held down, the key repeats: play or pause once.
        if (!e.repeat) togglePlay(m);
        break;
      case "ArrowRight":
        m.currentTime = Math.min((m.duration || Infinity) - 0.1, m.currentTime + 5);
        break;
      case "ArrowLeft":
        m.currentTime = Math.max(0, m.currentTime - 5);
        break;
      case "ArrowUp":
        m.volume = Math.min(1, m.volume + 0.1);
        break;
      case "ArrowDown":
        m.volume = Math.max(0, m.volume - 0.1);
        break;
      case "f":
        if (document.fullscreenElement) void document.exitFullscreen();
        else void frame.current?.requestFullscreen?.();
        break;
    }
  };
  const onKeyUp = (e: KeyboardEvent<HTMLDivElement>) => {
    if (media.current && ownsKey(e)) e.preventDefault();
  };

  // With nothing focused, Space plays and pauses the lesson's video, as on the major video sites.
  useEffect(() => {
    const onPageKey = (e: globalThis.KeyboardEvent) => {
      const m = media.current;
      if (!m || e.target !== document.body || (e.key !== " " && e.key !== "k") || e.altKey || e.ctrlKey || e.metaKey) return;
      e.preventDefault();
      if (e.type === "keydown" && !e.repeat) togglePlay(m);
    };
    document.addEventListener("keydown", onPageKey);
    document.addEventListener("keyup", onPageKey);
    return () => {
      document.removeEventListener("keydown", onPageKey);
      document.removeEventListener("keyup", onPageKey);
    };
  }, []);

  return (
    <div>
      <div
        ref={frame}
        tabIndex={0}
        onKeyDownCapture={onKeyDown}
        onKeyUpCapture={onKeyUp}
        onPointerEnter={onPointerEnter}
        onFocus={onFocus}
        role="group"
        aria-label={t("label", { title: video.title })}
        // A failure's message may need more height than the picture's on a phone (in Tamil, say): the
        // frame then grows to hold it rather than cut it off.
        className={`relative aspect-video w-full rounded-card bg-black ${load.state === "failed" ? "" : "overflow-hidden"}`}
      >
        {load.state === "failed" ? (
          <PlayerFailed
            youtube={youtube}
            onRetry={() => {
              resumed.current = false;
              load.retry();
            }}
          />
        ) : !youtube ? (
          <>
            <video
              key={load.attempt}
              ref={attachVideo}
              src={video.hlsUrl ? undefined : src}
              controls={controls}
              preload="metadata"
              playsInline
              poster={video.isCoverVideoAvailable ? (video.coverImage ?? undefined) : undefined}
              onLoadedMetadata={resume}
              onPlay={showControls}
              onError={() => load.failed("the video file could not be loaded")}
              className="h-full w-full"
              data-testid="video-element"
            >
              {video.captionsUrl && <track kind="captions" src={video.captionsUrl} srcLang="en" label={t("captions")} default />}
            </video>
            {!controls && (
              <button
                ref={playButton}
                type="button"
                onClick={playFromButton}
                aria-label={t("play", { title: video.title })}
                className="absolute top-1/2 left-1/2 flex h-16 w-16 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-black/70 text-white hover:bg-black/80 max-mobile:h-14 max-mobile:w-14"
              >
                <Play aria-hidden className="ml-1 h-8 w-8 fill-current" />
              </button>
            )}
          </>
        ) : load.state === "loading" ? (
          <div className="skeleton h-full w-full" aria-label={t("loading")} />
        ) : (
          <ReactPlayer
            key={load.attempt}
            ref={attach as never}
            src={src}
            controls
            width="100%"
            height="100%"
            light={video.isCoverVideoAvailable && video.coverImage ? video.coverImage : false}
            onReady={resume}
            onError={() => load.failed("the YouTube player reported an error")}
            playbackRate={speed}
          />
        )}
      </div>
      <div className="mt-2 flex h-8 flex-wrap items-center gap-3 overflow-hidden text-sm">
        <label className="flex items-center gap-2">
          {t("speed")}
          <select
            value={speed}
            onChange={(e) => setSpeed(Number(e.target.value))}
            className="rounded-md border border-slate-300 bg-white px-2 py-1 dark:border-slate-600 dark:bg-surface-dark"
          >
            {SPEEDS.map((s) => (
              <option key={s} value={s}>
                {t("speedValue", { speed: s })}
              </option>
            ))}
          </select>
        </label>
        <span className="text-ink-muted dark:text-ink-dark-muted max-mobile:hidden">{t("keys")}</span>
      </div>
    </div>
  );
}

/** The height the browser's control bar takes at the bottom of the video, with a little room above it. */
const CONTROL_BAR_CLEARANCE = 64;
/** A caption line's height as a share of the video's: browsers size captions to the video (5 % font size). */
const CAPTION_LINE_SHARE = 0.058;

/**
 * Left to the browser, captions sit on the video's bottom edge, where the control bar appears (and,
 * depending on the browser, covers them or pushes them up while it shows). Each cue is placed
 * instead on a line counted from the bottom, high enough that its last line clears the control
 * bar's height; the browser still lays out a cue of several lines upwards from there.
 */
function placeCaptions(video: HTMLVideoElement, height: number) {
  if (!height) return;
  const line = -(1 + Math.ceil(CONTROL_BAR_CLEARANCE / (CAPTION_LINE_SHARE * height)));
  for (const track of Array.from(video.textTracks)) {
    for (const cue of Array.from(track.cues ?? [])) {
      if (!(cue instanceof VTTCue) || cue.line === line) continue;
      cue.snapToLines = true;
      cue.line = line;
    }
  }
}

const PLAYER_KEYS = new Set([" ", "k", "ArrowRight", "ArrowLeft", "ArrowUp", "ArrowDown", "f"]);

/** Whether the player acts on this key: not one meant for a control of its own (the retry button) or typed with a modifier. */
function ownsKey(e: KeyboardEvent<HTMLDivElement>) {
  if (e.target instanceof HTMLSelectElement || e.target instanceof HTMLButtonElement) return false;
  return PLAYER_KEYS.has(e.key) && !e.altKey && !e.ctrlKey && !e.metaKey;
}

function togglePlay(m: HTMLMediaElement) {
  if (m.paused) void m.play();
  else m.pause();
}

/** In place of a player that could not load: what happened, and a way to try again. */
function PlayerFailed({ youtube, onRetry }: { youtube: boolean; onRetry: () => void }) {
  const t = useTranslations("learn.player");
  return (
    <div role="alert" className="flex min-h-full w-full flex-col items-center justify-center gap-3 rounded-card bg-slate-900 p-6 text-center text-white max-mobile:p-4">
      <VideoOff aria-hidden className="h-10 w-10" />
      <p className="font-semibold">{t("failed")}</p>
      <p className="max-w-md text-sm text-slate-200">
        {youtube ? t("youtubeBlocked") : t("fileMissing")}
      </p>
      <button
        type="button"
        onClick={onRetry}
        className="inline-flex items-center gap-2 rounded-md bg-white px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-200"
      >
        <RotateCw aria-hidden className="h-4 w-4" />
        {t("retry")}
      </button>
    </div>
  );
}
