import "server-only";
import type { SubmissionDetails } from "@/lib/contract/entities/grading";
import type { Db } from "../../db/client";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { assignmentOf, attachmentsOf, claimView, loadAttachments, loadCriteria, loadSubmission, type SubmissionRow } from "./submission-records";

/**
 * GET /course/course/submission/details: one submission with the question, the model answer, the
 * learner's answer and files, the criteria (with the marks given once evaluated), the evaluation and
 * who holds a claim. Any grader may read any submission. Three queries.
 */
export async function getSubmissionDetails(deps: Deps, _user: User, query: { submissionId: string }): Promise<SubmissionDetails> {
  const row = await loadSubmission(deps.db, query.submissionId);
  return submissionDetailsView(deps.db, row, deps.now());
}

export async function submissionDetailsView(db: Db, row: SubmissionRow, now: Date): Promise<SubmissionDetails> {
  const [criteria, files] = await Promise.all([loadCriteria(db, row.essayBlockId), loadAttachments(db, row.attachmentIds)]);
  const attachments = attachmentsOf(row, files);
  const marks = row.marks ?? {};
  const evaluated = row.evaluationId !== null;
  return {
    submissionId: row.id,
    name: row.name,
    userId: row.userId,
    email: row.email,
    courseId: row.courseId,
    courseName: row.courseName,
    essayBlockId: row.essayBlockId,
    title: row.title,
    question: row.question,
    description: row.description,
    referenceDocument: row.referenceDocument,
    solutionDocument: row.solutionDocument,
    submittedAnswer: row.answer,
    essayAttachment: attachments.map((a) => a.url),
    attachments,
    submissionSource: row.submissionSource ?? "manual",
    submittedAt: (row.submittedAt ?? now).toISOString(),
    isEvaluated: evaluated,
    assignment: assignmentOf(row, now),
    ...claimView(row, now),
    totalScore: row.totalScore,
    obtainedScore: row.obtainedScore,
    criteria: criteria.map((c) => ({ ...c, givenMarks: evaluated ? (marks[c.id]?.givenMarks ?? 0) : null })),
    comment: row.comment,
    evaluation: evaluated
      ? {
          evaluationId: row.evaluationId!,
          graderId: row.graderId!,
          graderName: row.graderName ?? "",
          totalScore: row.totalScore,
          obtainedScore: row.obtainedScore ?? 0,
          evaluatedAt: row.evaluatedAt!.toISOString(),
          updatedAt: row.evaluationUpdatedAt!.toISOString(),
          criteria: criteria.map((c) => ({
            criterionId: c.id,
            gradingCriteria: c.gradingCriteria,
            marks: c.marks,
            givenMarks: marks[c.id]?.givenMarks ?? 0,
            comment: marks[c.id]?.comment ?? null,
          })),
          comment: row.comment,
        }
      : null,
  };
}
