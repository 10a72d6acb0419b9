"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { useErrorText } from "@/components/i18n/use-error-text";
import { commitScormItem, commitScormItemOnExit, openScormItem, type ScormOpening } from "@/lib/api/scorm";
import { classifySendError, type DurableQueueStatus } from "@/lib/browser/durable-queue";
import { committableCmi, parseScormTime, ScormCommitQueue } from "@/lib/browser/scorm-commits";

/** What scorm-again's APIs offer the player: its CMI data, and its events. */
interface RuntimeApi {
  loadFromFlattenedJSON(json: Record<string, string>, prefix: string): void;
  getFlattenedCMI(): Record<string, unknown>;
  on(event: string, callback: () => void): void;
}

/** A class a module of scorm-again exports, by its name or as its default. */
function pick<T>(module: unknown, name: string): T {
  const m = module as Record<string, unknown>;
  const found = m[name] ?? m.default;
  if (typeof found !== "function") throw new Error(`scorm-again has no ${name}`);
  return found as T;
}

/** Whether a message is a call of scorm-again's cross-frame API (what CrossFrameLMS answers). */
const isBridgeCall = (data: unknown) => typeof data === "object" && data !== null && "messageId" in data && ("method" in data || "isHeartbeat" in data);

/**
 * Plays a SCORM item: opens it (the launch address and the saved CMI data), runs scorm-again's SCORM
 * API for its version here, and shows the package in a sandboxed frame without allow-same-origin, so
 * it runs with an opaque origin: it reaches this API only through postMessage (the bridge the launch
 * route puts in its pages), and reaches neither the session nor the app's storage. Every LMSCommit /
 * Commit and LMSFinish / Terminate goes through the durable commit queue, as does what the package set
 * when the page closes.
 */
export function ScormPlayer({ itemId, title }: { itemId: string; title: string }) {
  const t = useTranslations("scorm");
  const errorText = useErrorText();
  // The words for a refusal follow the page's language; the queue, made once per item, reads the latest.
  const describe = useRef(errorText);
  useEffect(() => {
    describe.current = errorText;
  }, [errorText]);
  const frame = useRef<HTMLIFrameElement | null>(null);
  const [opening, setOpening] = useState<ScormOpening | null>(null);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const [status, setStatus] = useState<DurableQueueStatus>({ pending: 0, retrying: false, refused: null });
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    let disposed = false;
    const cleanups: (() => void)[] = [];
    const queue = new ScormCommitQueue({
      itemId,
      storage: typeof localStorage === "undefined" ? null : localStorage,
      send: (c) => commitScormItem(c.body, c.idempotencyKey).then(() => setSaved(true)),
      sendOnExit: (c) => commitScormItemOnExit(c.body, c.idempotencyKey).then((r) => r.ok),
      classify: (e) => classifySendError(e, (error) => describe.current(error)),
      onStatus: setStatus,
    });
    cleanups.push(() => queue.stop());

    (async () => {
      // What an earlier page left waiting reaches the server first, so the package resumes from it.
      await queue.flush(3000);
      const opened = await openScormItem(itemId);
      const is12 = opened.attempt.version === "1.2";
      const [lmsModule, apiModule] = await Promise.all([import("scorm-again/cross-frame-lms"), is12 ? import("scorm-again/scorm12") : import("scorm-again/scorm2004")]);
      // The package's ES modules export the classes by name; its type declarations say default: either is taken.
      const CrossFrameLMS = pick<new (api: unknown, origin: string, options: { rateLimit: number }) => { destroy(): void }>(lmsModule, "CrossFrameLMS");
      const RuntimeApi = pick<new (settings: Record<string, unknown>) => unknown>(apiModule, is12 ? "Scorm12API" : "Scorm2004API");
      const runtime = new RuntimeApi({ autocommit: false, lmsCommitUrl: false, logLevel: 5 });
      if (disposed) return;
      const api = runtime as unknown as RuntimeApi;
      api.loadFromFlattenedJSON(opened.attempt.cmi, "");
      const startedAt = Date.now();
      let started = false;
      const commit = (onlyIfChanged: boolean) => {
        const cmi = committableCmi(api.getFlattenedCMI());
        const reported = parseScormTime(is12 ? cmi["cmi.core.session_time"] : cmi["cmi.session_time"]);
        queue.commit(opened.sessionId, cmi, reported && reported > 0 ? reported : Math.round((Date.now() - startedAt) / 1000), onlyIfChanged);
      };
      api.on(is12 ? "LMSInitialize" : "Initialize", () => (started = true));
      api.on(is12 ? "LMSCommit" : "Commit", () => commit(false));
      // LMSFinish / Terminate commit too, whether or not the package committed before.
      api.on(is12 ? "LMSFinish" : "Terminate", () => commit(true));

      // Only the package's own frame may call the API: any other window's messages stop here.
      const guard = (ev: MessageEvent) => {
        if (isBridgeCall(ev.data) && ev.source !== frame.current?.contentWindow) ev.stopImmediatePropagation();
      };
      window.addEventListener("message", guard, { capture: true });
      // The frame's documents have an opaque origin ("null"), which postMessage cannot name: the guard checks the source instead.
      // Each SetValue is two messages (the call, then a refresh of the frame's cache): a lesson that sets many values at once stays under the limit.
      const lms = new CrossFrameLMS(runtime, "*", { rateLimit: 5000 });
      const leaving = () => {
        if (started) commit(true);
        queue.leave();
      };
      const hidden = () => document.visibilityState === "hidden" && leaving();
      const online = () => queue.retryNow();
      window.addEventListener("pagehide", leaving);
      document.addEventListener("visibilitychange", hidden);
      window.addEventListener("online", online);
      cleanups.push(() => {
        lms.destroy();
        window.removeEventListener("message", guard, { capture: true });
        window.removeEventListener("pagehide", leaving);
        document.removeEventListener("visibilitychange", hidden);
        window.removeEventListener("online", online);
      });
      setOpening(opened);
    })().catch((e: unknown) => !disposed && setFailure({ error: e }));

    return () => {
      disposed = true;
      for (const c of cleanups.reverse()) c();
    };
  }, [itemId]);

  const saving = status.refused
    ? t("notSaved", { reason: status.refused.message })
    : status.retrying
      ? t("retrying")
      : status.pending > 0
        ? t("saving")
        : saved
          ? t("saved")
          : "";

  return (
    <section aria-labelledby="scorm-title">
      <h1 id="scorm-title" className="text-xl font-semibold text-ink dark:text-ink-dark">
        {title}
      </h1>
      <p role="status" aria-live="polite" data-testid="scorm-save-status" className="mt-1 min-h-5 text-sm text-ink-muted dark:text-ink-dark-muted">
        {failure ? errorText(failure.error) : saving}
      </p>
      {!opening && !failure && <p className="mt-4 text-sm text-ink-muted dark:text-ink-dark-muted">{t("opening")}</p>}
      {opening && (
        <iframe
          ref={frame}
          title={title}
          src={opening.launchUrl}
          sandbox="allow-scripts allow-forms allow-popups"
          referrerPolicy="no-referrer"
          className="mt-4 h-[75vh] w-full rounded border border-slate-200 bg-white dark:border-slate-700"
        />
      )}
    </section>
  );
}
