"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { HttpError } from "@/lib/api/client";
import { useEffect, useRef } from "react";
import { claimSubmission, gradingQueries } from "@/lib/api/grading";
import { errorMessage } from "@/lib/api/errors";

/**
 * Opening a submission claims it for the grader: the claim's answer is the submission itself. When the
 * claim is refused (another grader holds it, graded it, or it is the grader's own essay) the
 * submission is read instead, to be shown without inputs. `extend` claims again, which pushes the
 * end of the grader's claim back.
 */
export function useGradingClaim(submissionId: string) {
  const queryClient = useQueryClient();
  const options = gradingQueries.getSubmissionDetails(submissionId);
  const claim = useMutation({
    mutationFn: () => claimSubmission(submissionId),
    onSuccess: (details) => queryClient.setQueryData(options.queryKey, details),
    onError: () => void queryClient.invalidateQueries({ queryKey: options.queryKey }),
  });
  // Read only once the claim has answered, so an older read never replaces the claimed submission.
  const details = useQuery({ ...options, enabled: claim.isSuccess || claim.isError, staleTime: 30_000 });
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    claim.mutate();
  }, [claim]);

  const refusal =
    claim.error instanceof HttpError && claim.error.response
      ? { code: claim.error.code, status: claim.error.response.status, message: errorMessage(claim.error) }
      : claim.error
        ? { code: undefined, status: undefined, message: errorMessage(claim.error) }
        : null;
  return { details, claimPending: claim.isPending, claimed: claim.isSuccess, refusal, extend: () => claim.mutate() };
}
