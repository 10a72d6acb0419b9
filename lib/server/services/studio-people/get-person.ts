import "server-only";
import type { Deps } from "../../deps";
import { personView } from "./person-view";

/** One person as the studio shows them. */
export async function getPerson(deps: Deps, query: { id: string }) {
  return { person: await personView(deps, query.id) };
}
