import { queryOptions } from "@tanstack/react-query";
import type { AxiosInstance } from "axios";
import type { CallBody, CallQuery } from "@/lib/contract/call";
import { getMcqBlockData, getMcqBlockState, postMcqAnswer, postMcqBlockStart, postMcqBlockSubmit } from "@/lib/contract/calls/challenges";
import { callApi, http as browserHttp } from "./client";

type McqQuery = CallQuery<typeof getMcqBlockData>;

export const challengeQueries = {
  mcq: (query: McqQuery, client: AxiosInstance = browserHttp) =>
    queryOptions({ queryKey: ["challenges", "mcq", query.courseId, query.mcqBlockId], queryFn: () => callApi(getMcqBlockData, { query }, client) }),
};

export const fetchMcqState = (query: CallQuery<typeof getMcqBlockState>) => callApi(getMcqBlockState, { query });
export const startMcqBlock = (body: CallBody<typeof postMcqBlockStart>) => callApi(postMcqBlockStart, { body });
export const submitMcqBlock = (body: CallBody<typeof postMcqBlockSubmit>) => callApi(postMcqBlockSubmit, { body });

export type McqAnswerBody = CallBody<typeof postMcqAnswer>;
/** Saves one choice; safe to repeat, since its idempotency key travels in the body and the header. */
export const sendMcqAnswer = (body: McqAnswerBody) =>
  callApi(postMcqAnswer, { body, headers: body.idempotencyKey ? { "Idempotency-Key": body.idempotencyKey } : undefined });
