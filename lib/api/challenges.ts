import { queryOptions } from "@tanstack/react-query";
import type { HttpClient } from "./client";
import type { CallBody, CallQuery, CallResponse } from "@/lib/contract/call";
import * as calls from "./call-routes";
import { callApi, http as browserHttp, uploadForm } from "./client";

type McqQuery = CallQuery<typeof calls.getMcqBlock>;
type EssayQuery = CallQuery<typeof calls.getEssayBlock>;

export const challengesQueries = {
  getMcqBlock: (query: McqQuery, client: HttpClient = browserHttp) =>
    queryOptions({ queryKey: ["challenges", "mcq", query.courseId, query.mcqBlockId], queryFn: () => callApi(calls.getMcqBlock, { query }, client) }),
  getEssayBlock: (query: EssayQuery, client: HttpClient = browserHttp) =>
    queryOptions({ queryKey: ["challenges", "essay", query.courseId, query.essayBlockId], queryFn: () => callApi(calls.getEssayBlock, { query }, client) }),
};

export const getMcqBlockState = (query: CallQuery<typeof calls.getMcqBlockState>) => callApi(calls.getMcqBlockState, { query });
export const startMcqBlock = (body: CallBody<typeof calls.startMcqBlock>) => callApi(calls.startMcqBlock, { body });
export const submitMcqBlock = (body: CallBody<typeof calls.submitMcqBlock>) => callApi(calls.submitMcqBlock, { body });

export type McqAnswerBody = CallBody<typeof calls.answerMcqQuestion>;
/** Sends one queued choice once (the answer queue owns the retries); its key goes as the Idempotency-Key header. */
export const answerMcqQuestion = (body: McqAnswerBody, idempotencyKey: string) => callApi(calls.answerMcqQuestion, { body, idempotencyKey, retry: false });

export const startEssayBlock = (body: CallBody<typeof calls.startEssayBlock>) => callApi(calls.startEssayBlock, { body });

/** An essay's text and attachments as the learner has them. */
export interface EssayContent {
  text: string;
  attachmentUrls: string[];
}

interface EssaySave {
  courseId: string;
  essayBlockId: string;
  content: EssayContent;
  /** The server's draft version the text was edited from. */
  baseDraftVersion: number | undefined;
  /** This moment by the server's clock. */
  sentAt: string;
}

const essayBody = (save: EssaySave, isFinalSubmission: boolean): CallBody<typeof calls.submitEssayBlock> => ({
  courseId: save.courseId,
  essayBlockId: save.essayBlockId,
  essayAnswer: save.content.text,
  submissionUploadedFileUrl: save.content.attachmentUrls,
  isFinalSubmission,
  baseDraftVersion: save.baseDraftVersion,
  sentAt: save.sentAt,
  type: "essayBlock",
  id: save.essayBlockId,
});

/** Sends a draft save once, with its key (the draft's sync resends it with the same key until acknowledged). */
export const saveEssayDraft = (save: EssaySave, idempotencyKey: string) =>
  callApi(calls.submitEssayBlock, { body: essayBody(save, false), idempotencyKey, retry: false });

/** Submits the essay; the client makes its key and resends it with that key after a 5xx, so it is applied once. */
export const submitEssayBlock = (save: EssaySave) => callApi(calls.submitEssayBlock, { body: essayBody(save, true) });

/** Uploads one file for the running attempt, reporting the share sent so far (0..1). */
export async function uploadEssayFile(
  input: { courseId: string; essayBlockId: string; file: File },
  onProgress: (share: number) => void,
  signal?: AbortSignal,
) {
  const form = new FormData();
  form.append("courseId", input.courseId);
  form.append("essayBlockId", input.essayBlockId);
  form.append("file", input.file, input.file.name);
  // Several megabytes on a slow line take longer than the client's usual timeout.
  const res = await uploadForm(calls.uploadEssayFile.fullPath, form, { onProgress, signal, timeout: 10 * 60_000 });
  return res.data as CallResponse<typeof calls.uploadEssayFile>;
}
