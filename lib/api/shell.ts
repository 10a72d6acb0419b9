import type { CallBody } from "@/lib/contract/call";
import { postUserEvent } from "./call-routes";
import { callApi } from "./client";

/** A product-analytics event for the signed-in user. */
export const recordEvent = (body: CallBody<typeof postUserEvent>) => callApi(postUserEvent, { body });
