"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { saveEssayDraft } from "@/lib/api/challenges";
import { errorMessage } from "@/lib/api/errors";
import { classifySendError } from "@/lib/browser/durable-queue";
import {
  EssayDraftSync,
  restoreEssayDraft,
  storedEssayDraft,
  type DraftStatus,
  type EssayDraftContent,
  type SaveFailure,
} from "@/lib/browser/essay-draft";
import type { EssayBlock } from "@/lib/contract/entities/challenges";

/** The durable queue's reading of a failure, with the spec's message for a refusal. */
const classify = (error: unknown): SaveFailure => classifySendError(error, errorMessage);

/** Where this browser keeps the draft of one attempt. */
export const essayDraftStorageKey = (attempt: { courseId: string; essayBlockId: string; startedAt: string }) =>
  `essay-draft:${attempt.courseId}:${attempt.essayBlockId}:${attempt.startedAt}`;

export interface DraftConflict {
  mine: EssayDraftContent;
  theirs: EssayDraftContent;
  serverVersion: number;
  savedAt: string | null;
}

const storage = () => (typeof localStorage === "undefined" ? null : localStorage);

/**
 * The draft of a running essay attempt: what the learner sees and edits, kept in this browser and
 * saved to the server (see EssayDraftSync), and the conflict to settle when another tab or device
 * saved a newer draft.
 */
export function useChallengesEssayDraft(input: {
  courseId: string;
  block: EssayBlock;
  /** This moment by the server's clock, sent with each save. */
  serverNow: () => string;
  /** Asks the server for the attempt again (to fetch the newer draft of a conflict). */
  refetch: () => Promise<{ data?: EssayBlock }>;
  onSaved: (block: EssayBlock) => void;
}) {
  const { courseId, block } = input;
  const key = essayDraftStorageKey({ courseId, essayBlockId: block.id, startedAt: block.startedAt! });
  const server = { text: block.submittedAnswer ?? "", attachmentUrls: block.submissionUploadedFileUrl, version: block.draftVersion };
  const [restored] = useState(() => restoreEssayDraft(server, storedEssayDraft(storage(), key)));
  const [draft, setDraft] = useState<EssayDraftContent>(() => (restored.kind === "ready" ? restored.draft : restored.mine));
  const [status, setStatus] = useState<DraftStatus>(() =>
    restored.kind === "ready" && restored.unsaved ? { kind: "unsaved" } : { kind: "saved", version: block.draftVersion, savedAt: block.draftSavedAt },
  );
  const [conflict, setConflict] = useState<DraftConflict | null>(() =>
    restored.kind === "conflict" ? { mine: restored.mine, theirs: restored.theirs, serverVersion: restored.serverVersion, savedAt: block.draftSavedAt } : null,
  );
  const sync = useRef<EssayDraftSync | null>(null);
  const latest = useRef(input);
  useEffect(() => {
    latest.current = input;
  });

  useEffect(() => {
    const s = new EssayDraftSync({
      storageKey: key,
      storage: storage(),
      initial: restored.kind === "ready" ? restored.draft : restored.mine,
      baseVersion: restored.kind === "ready" ? restored.baseVersion : block.draftVersion,
      unsaved: restored.kind === "ready" ? restored.unsaved : true,
      savedAt: block.draftSavedAt,
      conflict: restored.kind === "conflict" ? "This essay has a newer draft saved in another tab or on another device." : undefined,
      send: async (content, baseDraftVersion, idempotencyKey) => {
        const saved = await saveEssayDraft({ courseId, essayBlockId: block.id, content, baseDraftVersion, sentAt: latest.current.serverNow() }, idempotencyKey);
        latest.current.onSaved(saved);
        return { draftVersion: saved.draftVersion, draftSavedAt: saved.draftSavedAt };
      },
      classify,
      onStatus: setStatus,
    });
    sync.current = s;
    const online = () => s.retryNow();
    window.addEventListener("online", online);
    return () => {
      window.removeEventListener("online", online);
      s.stop();
      sync.current = null;
    };
    // One sync per attempt: its storage key names the attempt.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  // A save refused because of a newer draft elsewhere: fetch that draft to show both.
  const conflictMessage = status.kind === "conflict" ? status.message : null;
  useEffect(() => {
    if (!conflictMessage) return;
    let live = true;
    void latest.current.refetch().then(({ data }) => {
      if (!live || !data || !sync.current) return;
      setConflict({
        mine: sync.current.content,
        theirs: { text: data.submittedAnswer ?? "", attachmentUrls: data.submissionUploadedFileUrl },
        serverVersion: data.draftVersion,
        savedAt: data.draftSavedAt,
      });
    });
    return () => {
      live = false;
    };
  }, [conflictMessage]);

  const edit = useCallback((next: EssayDraftContent) => {
    setDraft(next);
    sync.current?.edit(next);
  }, []);

  /** The learner chose which text to go on with. */
  const resolve = useCallback(
    (keep: "mine" | "theirs") => {
      if (!conflict) return;
      const chosen = keep === "mine" ? conflict.mine : conflict.theirs;
      sync.current?.resolve(chosen, conflict.serverVersion, keep === "theirs");
      setDraft(chosen);
      setConflict(null);
    },
    [conflict],
  );

  return { draft, edit, status, conflict, resolve, sync };
}
