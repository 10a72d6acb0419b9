import { redirect } from "next/navigation";
import { callApi } from "@/lib/api/client";
import { errorStatus } from "@/lib/api/errors";
import { getContinueLearning } from "@/lib/contract/calls/dashboard";
import { learnPath, type LearnPageNodeType } from "@/lib/learning-address";
import { loginRedirectPath } from "@/lib/routes";
import { serverHttp } from "@/lib/server/api/in-process-client";

/** "Resume where you left off", from anywhere: the item watched last in the most recently active course. */
export default async function ResumePage() {
  const { http, token } = await serverHttp();
  if (!token) redirect(loginRedirectPath("/learn/resume"));
  const courses = await callApi(getContinueLearning, {}, http).catch((err) => {
    if (errorStatus(err) === 401) redirect(loginRedirectPath("/learn/resume"));
    throw err;
  });
  const last = courses[0]?.lastVisited;
  if (!last?.chapterSlugId || !last.subChapterSlugId || !last.nodeSlugId || !last.nodeType) redirect("/courses");
  redirect(
    learnPath({
      nodeType: last.nodeType as LearnPageNodeType,
      courseSlugId: last.courseSlugId,
      chapterSlugId: last.chapterSlugId,
      subChapterSlugId: last.subChapterSlugId,
      nodeSlugId: last.nodeSlugId,
    }),
  );
}
