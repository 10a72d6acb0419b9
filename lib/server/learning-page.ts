import "server-only";
import { cookies } from "next/headers";
import { roleMayCall } from "@/lib/contract/call";
import { getVideoData, getVideoTree } from "@/lib/contract/calls/learning";
import type { LearnPlace } from "@/lib/learning-address";
import { sessionCookieName } from "@/lib/session-cookie";
import { getDeps, type Deps } from "./deps";
import { forbidden, unauthorized } from "./errors";
import { loadLearningPage, type LearningPage } from "./services/learning/load-learning-page";
import { findSession } from "./services/sign-in/sessions";

type Place = LearnPlace | { nodeType: "course"; courseSlugId: string };

/**
 * The learning page as the holder of a session token may see it. The session is checked once, as the
 * API's route helper checks it, for the calls whose answers the page shows; the loader then reads the
 * course once as that user, with the same access checks the calls make.
 */
export async function learningPageFor(deps: Deps, token: string | undefined, place: Place): Promise<LearningPage> {
  const found = token ? await findSession(deps, token) : undefined;
  if (!found) throw unauthorized("Your session has ended. Please sign in again.");
  if (![getVideoTree, getVideoData].every((call) => roleMayCall(found.user.role, call.access))) throw forbidden();
  return loadLearningPage(deps, found.user, place);
}

/** The learning page for this request's visitor (session cookie). */
export async function requestLearningPage(place: Place): Promise<LearningPage> {
  const token = (await cookies()).get(sessionCookieName())?.value;
  return learningPageFor(await getDeps(), token, place);
}
