"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { HttpError } from "@/lib/api/client";
import { evaluateSubmission, gradingQueries } from "@/lib/api/grading";
import type { SubmissionDetails } from "@/lib/contract/entities/grading";

/** The grader's marks for one criterion; an empty comment is none. */
export interface CriterionMarks {
  criterionId: string;
  givenMarks: number;
  comment: string;
}

/**
 * Saves a grader's evaluation of one submission: the cached details become the answer and the lists
 * are fetched again; when someone else holds or graded it meanwhile (409), the details are fetched
 * again to show who.
 */
export function useEvaluateSubmission(submissionId: string, on: { saved: (result: SubmissionDetails) => void; failed: (error: unknown) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (evaluation: { criteria: CriterionMarks[]; comment: string }) =>
      evaluateSubmission({
        submissionId,
        criteria: evaluation.criteria.map((c) => ({ criterionId: c.criterionId, givenMarks: c.givenMarks, comment: c.comment.trim() ? c.comment : null })),
        comment: evaluation.comment.trim() ? evaluation.comment : null,
      }),
    onSuccess: (result) => {
      queryClient.setQueryData(gradingQueries.getSubmissionDetails(submissionId).queryKey, result);
      void queryClient.invalidateQueries({ queryKey: gradingQueries.listKey });
      on.saved(result);
    },
    onError: (e) => {
      on.failed(e);
      if (e instanceof HttpError && e.response?.status === 409) void queryClient.invalidateQueries({ queryKey: gradingQueries.getSubmissionDetails(submissionId).queryKey });
    },
  });
}
