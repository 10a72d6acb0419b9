import { redirect } from "next/navigation";
import { callApi } from "@/lib/api/client";
import { errorStatus } from "@/lib/api/errors";
import { listContinueLearning } from "@/lib/api/call-routes";
import { lastVisitedPath } from "@/lib/learning-address";
import { loginRedirectPath, NOTHING_TO_RESUME_PATH } from "@/lib/routes";
import { serverCalls } from "@/lib/server/page-calls";

/** "Resume where you left off", from anywhere: the item watched last in the most recently active course. */
export default async function ResumePage() {
  const { http, token } = await serverCalls();
  if (!token) redirect(loginRedirectPath("/learn/resume"));
  const courses = await callApi(listContinueLearning, {}, http).catch((err) => {
    if (errorStatus(err) === 401) redirect(loginRedirectPath("/learn/resume"));
    throw err;
  });
  const path = lastVisitedPath(courses[0]?.lastVisited);
  redirect(path ?? NOTHING_TO_RESUME_PATH);
}
