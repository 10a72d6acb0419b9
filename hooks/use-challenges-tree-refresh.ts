"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { learningQueries } from "@/lib/api/learning";

/**
 * Refreshes the course tree (its ticks and the course's percentage) the moment a challenge's attempt
 * ends on this page: submitted by the learner, or closed by the server at its deadline. A block that
 * was already finished when the page opened changes nothing: the tree came with the page.
 */
export function useChallengesTreeRefresh(courseId: string, attemptStatus: string | undefined, running: string) {
  const queryClient = useQueryClient();
  const previous = useRef(attemptStatus);
  useEffect(() => {
    if (previous.current === running && attemptStatus !== undefined && attemptStatus !== running) {
      void queryClient.invalidateQueries({ queryKey: learningQueries.getVideoTree(courseId).queryKey });
    }
    previous.current = attemptStatus;
  }, [attemptStatus, courseId, queryClient, running]);
}
