import type { CallBody } from "@/lib/contract/call";
import * as calls from "./call-routes";
import { callApi } from "./client";

/** A product-analytics event for the signed-in user. */
export const recordUserEvent = (body: CallBody<typeof calls.recordUserEvent>) => callApi(calls.recordUserEvent, { body });
