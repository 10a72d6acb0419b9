import type { CallBody, CallResponse } from "@/lib/contract/call";
import * as calls from "./call-routes";
import { callApi, sendKeepalive } from "./client";

// A learner playing a SCORM item (docs/scorm-xapi.md, "Runtime").

export type ScormOpening = CallResponse<typeof calls.openScormItem>;
export type ScormAttempt = ScormOpening["attempt"];
export type ScormCommitBody = CallBody<typeof calls.commitScormItem>;

/** Opens a SCORM item: its launch address, this play's session id and the CMI data saved so far. */
export const openScormItem = (itemId: string) => callApi(calls.openScormItem, { body: { itemId } });

/** Sends one queued commit once (the commit queue owns the retries); its id goes as the Idempotency-Key header. */
export const commitScormItem = (body: ScormCommitBody, idempotencyKey: string) => callApi(calls.commitScormItem, { body, idempotencyKey, retry: false });

/** The same call for a page that is closing: sent with keepalive, so it leaves even as the page goes. */
export const commitScormItemOnExit = (body: ScormCommitBody, idempotencyKey: string) => sendKeepalive(calls.commitScormItem, body, { idempotencyKey });
