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
/** Saves one choice; safe to repeat, since its idempotency key travels in the body and the header. */
export const sendMcqAnswer = (body: McqAnswerBody) =>
  callApi(postMcqAnswer, { body, headers: body.idempotencyKey ? { "Idempotency-Key": body.idempotencyKey } : undefined });

export const startEssayBlock = (body: CallBody<typeof postEssayBlockStart>) => callApi(postEssayBlockStart, { body });

export type EssaySaveBody = CallBody<typeof postEssayBlockSubmit>;
/** Saves a draft or submits the essay; safe to repeat with the same idempotency key. */
export const saveEssay = (body: EssaySaveBody) =>
  callApi(postEssayBlockSubmit, { body, headers: body.idempotencyKey ? { "Idempotency-Key": body.idempotencyKey } : undefined });

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
