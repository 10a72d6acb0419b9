import "server-only";
import { notFound as notFoundPage, redirect } from "next/navigation";
import { cache } from "react";
import { getManualCompletion, getVideoData, getVideoLike, getVideoTree } from "@/lib/contract/calls/learning";
import { parseLearnPath, type LearnPlace } from "@/lib/learning-address";
import { loginRedirectPath } from "@/lib/routes";
import { authorizeSession } from "./authorize";
import { getDeps, type Deps } from "./deps";
import { ApiError, notFound, unauthorized } from "./errors";
import { findCourseForAddress, loadLearningPage, loadScormLessonPage, type LearningPage, type ScormLessonPage } from "./services/learning";
import { requestToken } from "./page-calls";

type Place = LearnPlace | { nodeType: "course"; courseSlugId: string };

const nodeSlugIdOf = (place: Place) => (place.nodeType === "course" ? undefined : place.nodeSlugId);

/**
 * The learning page as the holder of a session token may see it. The address is looked up first
 * (unless the caller already has its course), then the session and role are checked once, by the
 * check the API's routes make (authorize.ts), for the calls whose answers the page shows; the loader then reads the course once
 * as that user, with the same access checks those calls make.
 */
export async function learningPageFor(deps: Deps, token: string | undefined, place: Place, known?: { courseId: string | null }): Promise<LearningPage> {
  const courseId = known ? known.courseId : await findCourseForAddress(deps.db, place.courseSlugId, nodeSlugIdOf(place));
  if (!courseId) throw notFound("This page of the course was not found.");
  const found = await authorizeSession(deps, [getVideoTree, getVideoData, getVideoLike, getManualCompletion], token);
  return loadLearningPage(deps, found.user, place, courseId);
}

// ---------- for the route app/(app)/learn/[nodeType]/[...params] ----------

type RouteParams = Promise<{ nodeType: string; params: string[] }>;

/** The address a request asks for, read from the route's parameters; not found when it has the wrong shape. */
export async function requestedPlace(params: RouteParams): Promise<{ place: Place; path: string }> {
  const { nodeType, params: parts } = await params;
  const place = parseLearnPath(nodeType, parts);
  if (!place) notFoundPage();
  return { place, path: `/learn/${nodeType}/${parts.join("/")}` };
}

/** The course a request's address names, looked up once per request: the layout checks it, the page reuses it. */
const requestCourseForAddress = cache(async (courseSlugId: string, nodeSlugId: string | undefined) =>
  findCourseForAddress((await getDeps()).db, courseSlugId, nodeSlugId),
);

/**
 * Refusals that must keep their HTTP status (a redirect to sign in, a 404), so they are checked before
 * the page starts streaming behind its loading state: a visitor without a session, an address that
 * names nothing.
 */
export async function checkRequestedAddress(place: Place): Promise<void> {
  if (!(await requestToken())) throw unauthorized();
  if (!(await requestCourseForAddress(place.courseSlugId, nodeSlugIdOf(place)))) throw notFound("This page of the course was not found.");
}

/** The learning page for this request's visitor (session cookie). */
export async function requestLearningPage(place: Place): Promise<LearningPage> {
  const courseId = await requestCourseForAddress(place.courseSlugId, nodeSlugIdOf(place));
  return learningPageFor(await getDeps(), await requestToken(), place, { courseId });
}

/** Turns a refusal into the page's answer: sign in again, or not found; anything else is the error page's. */
export function answerRefusal(err: unknown, path: string): never {
  const status = err instanceof ApiError ? err.status : undefined;
  if (status === 401) redirect(loginRedirectPath(path));
  if (status === 404 || status === 400) notFoundPage();
  throw err;
}

/** A SCORM item's page as the holder of a session token may see it: its course tree and the steps around it, checked as the tree's call is. */
export async function scormLessonPageFor(deps: Deps, token: string | undefined, itemId: string): Promise<ScormLessonPage> {
  const found = await authorizeSession(deps, [getVideoTree], token);
  return loadScormLessonPage(deps, found.user, itemId);
}

/** A SCORM item's page for this request's visitor (session cookie). */
export async function requestScormLessonPage(itemId: string): Promise<ScormLessonPage> {
  return scormLessonPageFor(await getDeps(), await requestToken(), itemId);
}
