import "server-only";
import type { Deps } from "../../deps";
import { findPerson } from "./person-view";
import { decodeTimedBlockCursor, encodeTimedBlockCursor, loadTimedBlocks } from "./timed-blocks";

/**
 * A person's timed blocks (the multiple-choice blocks and essays of the course versions they are
 * enrolled in), in course order, with attempts used and allowed, what was granted and the running
 * attempt's deadline; keyset-paged, one row more than the page read to say whether more follow.
 */
export async function listPersonTimedBlocks(deps: Deps, query: { id: string; limit: number; cursor?: string }) {
  const person = await findPerson(deps, query.id);
  const after = query.cursor ? decodeTimedBlockCursor(query.cursor) : undefined;
  const rows = await loadTimedBlocks(deps.db, person.id, { after, limit: query.limit + 1 });
  const hasMore = rows.length > query.limit;
  const page = rows.slice(0, query.limit);
  return { blocks: page.map((r) => r.view), hasMore, nextCursor: hasMore ? encodeTimedBlockCursor(page.at(-1)!.key) : null };
}
