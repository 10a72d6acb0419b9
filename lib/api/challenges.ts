import { queryOptions } from "@tanstack/react-query";
import type { HttpClient } from "./client";
import type { CallBody, CallQuery, CallResponse } from "@/lib/contract/call";
import {
  getEssayBlockData,
  getMcqBlockData,
  getMcqBlockState,
  postEssayBlockStart,
  postEssayBlockSubmit,
  postEssayBlockUpload,
  postMcqAnswer,
  postMcqBlockStart,
  postMcqBlockSubmit,
} from "./call-routes";
import { callApi, http as browserHttp, uploadForm } from "./client";

type McqQuery = CallQuery<typeof getMcqBlockData>;
type EssayQuery = CallQuery<typeof getEssayBlockData>;

export const challengeQueries = {
  mcq: (query: McqQuery, client: HttpClient = browserHttp) =>
    queryOptions({ queryKey: ["challenges", "mcq", query.courseId, query.mcqBlockId], queryFn: () => callApi(getMcqBlockData, { query }, client) }),
  essay: (query: EssayQuery, client: HttpClient = browserHttp) =>
    queryOptions({ queryKey: ["challenges", "essay", query.courseId, query.essayBlockId], queryFn: () => callApi(getEssayBlockData, { query }, client) }),
};

export const fetchMcqState = (query: CallQuery<typeof getMcqBlockState>) => callApi(getMcqBlockState, { query });
export const startMcqBlock = (body: CallBody<typeof postMcqBlockStart>) => callApi(postMcqBlockStart, { body });
export const submitMcqBlock = (body: CallBody<typeof postMcqBlockSubmit>) => callApi(postMcqBlockSubmit, { body });

export type McqAnswerBody = CallBody<typeof postMcqAnswer>;
/** Sends one queued choice once (the answer queue owns the retries); its key goes as the Idempotency-Key header. */
export const sendMcqAnswer = (body: McqAnswerBody, idempotencyKey: string) => callApi(postMcqAnswer, { body, idempotencyKey, retry: false });

export const startEssayBlock = (body: CallBody<typeof postEssayBlockStart>) => callApi(postEssayBlockStart, { body });

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

const essayBody = (save: EssaySave, isFinalSubmission: boolean): CallBody<typeof postEssayBlockSubmit> => ({
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
  callApi(postEssayBlockSubmit, { body: essayBody(save, false), idempotencyKey, retry: false });

/** Submits the essay; the client makes its key and resends it with that key after a 5xx, so it is applied once. */
export const submitEssay = (save: EssaySave) => callApi(postEssayBlockSubmit, { body: essayBody(save, true) });

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
  const res = await uploadForm(postEssayBlockUpload.fullPath, form, { onProgress, signal, timeout: 10 * 60_000 });
  return res.data as CallResponse<typeof postEssayBlockUpload>;
}
