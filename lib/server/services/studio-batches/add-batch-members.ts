import "server-only";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { notFound } from "../../errors";
import { addMembers, peopleByIds } from "./add-members";
import { findBatch } from "./batch-view";

/** Adds people to a batch by their ids, all or nothing: an unknown id refuses the list, naming it. */
export async function addBatchMembers(deps: Deps, actor: User, input: { id: string; userIds: string[] }) {
  const batch = await findBatch(deps, input.id);
  const ids = [...new Set(input.userIds)];
  const people = await peopleByIds(deps, ids);
  const known = new Set(people.map((p) => p.id));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length) throw notFound(`userIds: no person has the id ${unknown.join(", ")}; nobody was added.`, "person_not_found");
  return addMembers(deps, actor.id, batch, people);
}
