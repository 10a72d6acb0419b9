import { allCalls, type CallDef } from "@/lib/contract";
import type { TestApi } from "./api";

/** The calls of the contract that the API serves today (an unknown route answers "No API call …"). */
export async function implementedCalls(t: TestApi): Promise<CallDef[]> {
  const served: CallDef[] = [];
  for (const call of allCalls) {
    const res = await t.request(call.method, `${call.group}${call.path}`);
    const missing = res.status === 404 && typeof res.body?.message === "string" && res.body.message.startsWith("No API call");
    if (!missing) served.push(call);
  }
  return served;
}
