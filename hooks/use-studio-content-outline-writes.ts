"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo, useRef, useState } from "react";
import { studioContentQueries, type StaleRevisionDetails } from "@/lib/api/studio-content";
import { errorCode, errorMessage } from "@/lib/api/errors";
import { staleRevisionOf } from "@/components/studio-content/conflict-notice";
import type { OutlineChapter, StudioOutline } from "@/components/studio-content/outline-tree";

/** A write's answer: the whole outline at its new revision (and what the write made or changed). */
type OutlineAnswer = StudioOutline & { id: string };

/** A write that was not sent because one before it failed and its change was rolled back. */
export class OutlineWriteDropped extends Error {
  constructor() {
    super("Not sent: an earlier change of the outline failed.");
    this.name = "OutlineWriteDropped";
  }
}

/**
 * The outline editor's saves, one at a time and in order: each is sent with the revision the last
 * answer gave (the last read before the first), and the answer's outline becomes the page's. A move
 * or rename shows at once (`optimistic`); when a save fails, every change not yet confirmed is rolled
 * back to the last answer, and a stale revision keeps the server's details for the conflict notice.
 * A delete that needs confirmation is handed back to its caller with nothing rolled back.
 */
export function useOutlineWrites(courseId: string) {
  const queryClient = useQueryClient();
  const key = useMemo(() => studioContentQueries.getCourseOutline(courseId).queryKey, [courseId]);
  const confirmed = useRef<StudioOutline | null>(null);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const inFlight = useRef(0);
  const generation = useRef(0);
  const [pending, setPending] = useState(0);
  const [conflict, setConflict] = useState<StaleRevisionDetails | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const write = useCallback(
    <T extends OutlineAnswer>(send: (revision: number) => Promise<T>, optimistic?: (chapters: OutlineChapter[]) => OutlineChapter[]): Promise<T> => {
      const current = queryClient.getQueryData<StudioOutline>(key);
      if (!current) return Promise.reject(new Error("The outline is not loaded yet."));
      if (inFlight.current === 0) confirmed.current = current;
      if (optimistic) queryClient.setQueryData<StudioOutline>(key, { ...current, chapters: optimistic(current.chapters) });
      inFlight.current += 1;
      setPending(inFlight.current);
      setFailure(null);
      const gen = generation.current;
      const job = queue.current.then(async () => {
        try {
          if (gen !== generation.current) throw new OutlineWriteDropped();
          const answer = await send(confirmed.current!.revision);
          const { courseId: answerCourse, revision, chapters, versions } = answer;
          confirmed.current = { courseId: answerCourse, revision, chapters, versions };
          if (inFlight.current === 1) queryClient.setQueryData<StudioOutline>(key, confirmed.current);
          return answer;
        } catch (error) {
          // A refused SCORM package changed nothing: its form shows why.
          if (error instanceof OutlineWriteDropped || errorCode(error) === "delete_needs_confirmation" || errorCode(error) === "scorm_package_refused") throw error;
          generation.current += 1;
          if (confirmed.current) queryClient.setQueryData<StudioOutline>(key, confirmed.current);
          const stale = staleRevisionOf(error);
          if (stale) setConflict(stale);
          else setFailure(errorMessage(error));
          throw error;
        } finally {
          inFlight.current -= 1;
          setPending(inFlight.current);
        }
      });
      queue.current = job.catch(() => undefined);
      return job;
    },
    [key, queryClient],
  );

  const reload = useCallback(async () => {
    await queryClient.refetchQueries({ queryKey: key, exact: true });
    setConflict(null);
    setFailure(null);
  }, [key, queryClient]);

  return { write, pending, conflict, failure, reload, dismissConflict: () => setConflict(null), dismissFailure: () => setFailure(null) };
}
