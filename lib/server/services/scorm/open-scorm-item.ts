import "server-only";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { notFound } from "../../errors";
import { launchCmi, loadScormAttempt } from "./scorm-attempt";
import { startScormLaunch } from "./scorm-launch";

/**
 * Opens a SCORM item for the learner: a launch (its address, and its id as the session id the commits
 * of this play carry) and the CMI data saved so far, with the read-only elements the LMS gives (the
 * learner, entry, total time), so the package resumes where the learner left off.
 */
export async function openScormItem(deps: Deps, user: User, input: { itemId: string }) {
  const launch = await startScormLaunch(deps, user, input.itemId);
  const attempt = await loadScormAttempt(deps.db, user.id, input.itemId);
  if (!attempt) throw notFound("SCORM item not found.");
  return { launchUrl: launch.launchUrl, sessionId: launch.launchId, attempt: { ...attempt, cmi: launchCmi(attempt, user) } };
}
