import "server-only";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { conflict } from "../../errors";
import { invite } from "./create-person";
import { findPerson, personView } from "./person-view";

/** A new invitation e-mail for a person; a deactivated person is refused until reactivated. */
export async function resendInvitation(deps: Deps, actor: User, input: { id: string }) {
  const person = await findPerson(deps, input.id);
  if (person.deactivatedAt) throw conflict(`${person.email} is deactivated: reactivate them before inviting them again.`, "person_deactivated");
  await invite(deps, actor, person.id, deps.now());
  return { person: await personView(deps, person.id) };
}
