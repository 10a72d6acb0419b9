import "server-only";
import type { Deps } from "../../deps";
import { programView } from "./program-view";

/** One program with its courses in order. */
export async function getProgram(deps: Deps, query: { id: string }) {
  return { program: await programView(deps.db, query.id) };
}
