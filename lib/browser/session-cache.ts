import type { QueryClient } from "@tanstack/react-query";
import { browserQueryCache } from "./query-cache";

/**
 * Empties the query cache when a session ends or another begins. Reads still on their way are
 * cancelled first: made with the previous session, one landing later would show the other person's
 * data (a profile in the header, say) under the new session.
 */
export async function resetSessionCache(queryClient: QueryClient | undefined = browserQueryCache()): Promise<void> {
  if (!queryClient) return;
  await queryClient.cancelQueries();
  queryClient.clear();
}
