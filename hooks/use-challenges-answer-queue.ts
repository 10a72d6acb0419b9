"use client";

import { useEffect, useRef, useState } from "react";
import { errorMessage } from "@/lib/api/errors";
import { answerMcqQuestion } from "@/lib/api/challenges";
import { AnswerQueue, type QueueStatus, type SendFailure } from "@/lib/browser/answer-queue";
import { classifySendError } from "@/lib/browser/durable-queue";

/** The durable queue's reading of a failure, with the spec's message for a refusal. */
const classify = (error: unknown): SendFailure => classifySendError(error, errorMessage);

/** Where the choices of one attempt wait until the server has them. */
export const answerStorageKey = (attempt: { courseId: string; mcqBlockId: string; startedAt: string }) =>
  `mcq-answers:${attempt.courseId}:${attempt.mcqBlockId}:${attempt.startedAt}`;

/** The answer queue of one running attempt (null when none runs), with its status for the page. */
export function useChallengesAnswerQueue(attempt: { courseId: string; mcqBlockId: string; startedAt: string } | null) {
  const [status, setStatus] = useState<QueueStatus>({ pending: 0, retrying: false, refused: null });
  const ref = useRef<AnswerQueue | null>(null);
  const key = attempt ? answerStorageKey(attempt) : null;

  useEffect(() => {
    if (!attempt || !key) return;
    const queue = new AnswerQueue({
      storageKey: key,
      storage: typeof localStorage === "undefined" ? null : localStorage,
      send: (c) =>
        answerMcqQuestion(
          { courseId: attempt.courseId, mcqBlockId: attempt.mcqBlockId, mcq: c.questionId, selectedOptionIds: c.selectedOptionIds, sentAt: c.sentAt },
          c.idempotencyKey,
        ).then(() => undefined),
      classify,
      onStatus: setStatus,
    });
    ref.current = queue;
    const online = () => queue.retryNow();
    window.addEventListener("online", online);
    return () => {
      window.removeEventListener("online", online);
      queue.stop();
      ref.current = null;
    };
    // The queue belongs to one attempt: its storage key names it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return { queue: ref, status };
}
