import type { CallBody } from "@/lib/contract/call";
import * as calls from "./call-routes";
import type { HttpClient } from "./client";
import { callApi, http as browserHttp } from "./client";
import { attachmentName, saveDownload } from "@/lib/browser/download";

/** A product-analytics event for the signed-in user. */
export const recordUserEvent = (body: CallBody<typeof calls.recordUserEvent>) => callApi(calls.recordUserEvent, { body });

/** Fetches the signed-in person's own data as a zip and saves it (the user menu's "Download my data"). */
export async function exportMyData(client: HttpClient = browserHttp): Promise<void> {
  const res = await client.request<Blob>({ method: "GET", url: calls.exportMyData.fullPath, responseType: "blob", timeout: 120_000 });
  saveDownload(res.data, attachmentName(res.headers, "my-data.zip"));
}
