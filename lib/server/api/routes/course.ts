import "server-only";
import { Hono } from "hono";
import {
  createEnrollment,
  getCourseLastChapterData,
  getCourseVideoCompleteStatus,
  getEnableManualVideoCompletion,
  getNodeBreadcrumbs,
  getNodeNavigate,
  getProgramCoursesAll,
  getProgramCoursesBundled,
  getProgramCoursesBundledId,
  getProgramCoursesOnProgress,
  getProgramCount,
  getRedirectionNodeKey,
  getTreeStats,
  getVideoBreadcrumb,
  getVideoData,
  getVideoLikeStatus,
  getVideoMini,
  getVideoNavigate,
  getVideoPlaylist,
  getVideoProgress,
  getVideoSlugCourseIds,
  getVideoTimestamp,
  getVideoTree,
  postProgramAutoEnrollment,
  postProgramEnrollment,
  postProgramRemoveDuplicate,
  postProgramScheduleEnrollment,
  postVideoLike,
  postVideoMarkAsComplete,
  postVideoPurchaseCallback,
} from "@/lib/contract/calls/course";
import { countPrograms } from "../../services/count-programs";
import { enrollInCourse } from "../../services/enroll-in-course";
import { enrollInProgram } from "../../services/enroll-in-program";
import { enrollThroughBatch } from "../../services/enroll-through-batch";
import { getCourseOffer } from "../../services/get-course-offer";
import { getCourseProgress } from "../../services/get-course-progress";
import { getLastVisitedNode } from "../../services/get-last-visited-node";
import { getManualCompletion } from "../../services/get-manual-completion";
import { getNodeBreadcrumbs as nodeBreadcrumbs } from "../../services/get-node-breadcrumbs";
import { getProgramCourses } from "../../services/get-program-courses";
import { getRedirectionNodeKey as redirectionNodeKey } from "../../services/get-redirection-node-key";
import { getTreeStats as treeStats } from "../../services/get-tree-stats";
import { getVideoBreadcrumb as videoBreadcrumb } from "../../services/get-video-breadcrumb";
import { getVideoCompleteStatus } from "../../services/get-video-complete-status";
import { getVideoData as videoData } from "../../services/get-video-data";
import { getVideoLike } from "../../services/get-video-like";
import { getVideoPlaylist as videoPlaylist } from "../../services/get-video-playlist";
import { getVideoTimestamps } from "../../services/get-video-timestamps";
import { getVideoTree as videoTree } from "../../services/get-video-tree";
import { listBundledPrograms } from "../../services/list-bundled-programs";
import { listAllCourses, listCoursesOnProgress } from "../../services/list-courses";
import { markVideoComplete } from "../../services/mark-video-complete";
import { navigateNode } from "../../services/navigate-node";
import { navigateVideo } from "../../services/navigate-video";
import { recordPurchaseIntent } from "../../services/record-purchase-intent";
import { removeDuplicateEnrollments } from "../../services/remove-duplicate-enrollments";
import { resolveCourseSlugs } from "../../services/resolve-course-slugs";
import { setVideoLike } from "../../services/set-video-like";
import { route, type ApiEnv } from "../route";

export const courseRouter = new Hono<ApiEnv>();

// ---------- catalogue ----------

// GET /course/program/count: sizes of the learner's course lists, matching searchText
route(courseRouter, getProgramCount, ({ deps, user, query }) => countPrograms(deps, user, query));

// GET /course/program/courses/onProgress: courses started and not completed, a page at a time
route(courseRouter, getProgramCoursesOnProgress, ({ deps, user, query }) => listCoursesOnProgress(deps, user, query));

// GET /course/program/courses/all: every course with the learner's figures, filtered, a page at a time
route(courseRouter, getProgramCoursesAll, ({ deps, user, query }) => listAllCourses(deps, user, query));

// GET /course/program/courses/bundled: the programs, filtered by search and domain
route(courseRouter, getProgramCoursesBundled, ({ deps, user, query }) => listBundledPrograms(deps, user, query));

// GET /course/program/courses/bundledId: one program and a page of its courses
route(courseRouter, getProgramCoursesBundledId, ({ deps, user, query }) => getProgramCourses(deps, user, query));

// ---------- enrollment ----------

// POST /course/createEnrollment: enrolls the learner in a course's current version; twice changes nothing
route(courseRouter, createEnrollment, ({ deps, user, body }) => enrollInCourse(deps, user, body.courseId));

// POST /course/program/autoEnrollment: enrolls a member of an auto-enrolling batch at once
route(courseRouter, postProgramAutoEnrollment, ({ deps, user, body }) => enrollThroughBatch(deps, user, body, "auto"));

// POST /course/program/scheduleEnrollment: schedules a member's enrollment in a batch that enrolls on schedule
route(courseRouter, postProgramScheduleEnrollment, ({ deps, user, body }) => enrollThroughBatch(deps, user, body, "schedule"));

// POST /course/program/enrollment: enrolls a member of a batch in every course of its program
route(courseRouter, postProgramEnrollment, ({ deps, user, body }) => enrollInProgram(deps, user, body));

// POST /course/program/remove/duplicate: keeps one enrollment per course; drops courses had through a program
route(courseRouter, postProgramRemoveDuplicate, ({ deps, user, body }) => removeDuplicateEnrollments(deps, user, body));

// ---------- the learning page ----------

// GET /course/video/slug/courseIds: ids for the slug ids of a learning-page address
route(courseRouter, getVideoSlugCourseIds, ({ deps, user, query }) => resolveCourseSlugs(deps, user, query));

// GET /course/video/tree: the course tree with the learner's completion, last visited video and locks
route(courseRouter, getVideoTree, ({ deps, user, query }) => videoTree(deps, user, query.id));

// GET /course/video/data: a video's page; a locked video comes without its link
route(courseRouter, getVideoData, ({ deps, user, query }) => videoData(deps, user, query));

// GET /course/video/breadcrumb: the path from the course down to a node of the video tree
route(courseRouter, getVideoBreadcrumb, ({ deps, user, query }) => videoBreadcrumb(deps, user, query));

// GET /course/node/breadcrumbs: the path from the course down to a node of the generic tree
route(courseRouter, getNodeBreadcrumbs, ({ deps, user, query }) => nodeBreadcrumbs(deps, user, query));

// GET /course/video/navigate: the previous or next item across the whole course
route(courseRouter, getVideoNavigate, ({ deps, user, query }) => navigateVideo(deps, user, query));

// GET /course/node/navigate: the previous or next node of a type in the generic tree
route(courseRouter, getNodeNavigate, ({ deps, user, query }) => navigateNode(deps, user, query));

// GET /course/video/playlist: the course's videos in playing order
route(courseRouter, getVideoPlaylist, ({ deps, user, query }) => videoPlaylist(deps, user, query.videoCourseId));

// GET /course/getCourseLastChapterData: where the learner left off, to resume
route(courseRouter, getCourseLastChapterData, ({ deps, user, query }) => getLastVisitedNode(deps, user, query.courseId));

// POST /course/getRedirectionNodeKey: the node to open for a node type
route(courseRouter, getRedirectionNodeKey, ({ deps, user, body }) => redirectionNodeKey(deps, user, body));

// GET /course/tree/stats: which kinds of content the course holds
route(courseRouter, getTreeStats, ({ deps, user, query }) => treeStats(deps, user, query.courseId));

// ---------- progress ----------

// POST /course/video/markAsComplete: completes a video by hand where the learner's batch allows it
route(courseRouter, postVideoMarkAsComplete, ({ deps, user, body }) => markVideoComplete(deps, user, body));

// GET /course/enableManualVideoCompletion: whether the learner's batch allows completing videos by hand
route(courseRouter, getEnableManualVideoCompletion, ({ deps, user, query }) => getManualCompletion(deps, user, query));

// GET /course/video/progress: the learner's progress in a course
route(courseRouter, getVideoProgress, ({ deps, user, query }) => getCourseProgress(deps, user, query.courseId));

// GET /course/course/video/complete/status: whether the learner has completed a video
route(courseRouter, getCourseVideoCompleteStatus, ({ deps, user, query }) => getVideoCompleteStatus(deps, user, query));

// GET /course/getVideoTimestamp: where the learner stopped in each video of a course
route(courseRouter, getVideoTimestamp, ({ deps, user, query }) => getVideoTimestamps(deps, user, query.courseId));

// ---------- likes and locks ----------

// GET /course/video/like/status: the learner's opinion of a video and everyone's counts
route(courseRouter, getVideoLikeStatus, ({ deps, user, query }) => getVideoLike(deps, user, query));

// POST /course/video/like: likes, dislikes or takes back; the same opinion twice changes nothing
route(courseRouter, postVideoLike, ({ deps, user, body }) => setVideoLike(deps, user, body));

// GET /course/video/mini: the price panel of a course the learner has not bought
route(courseRouter, getVideoMini, ({ deps, user, query }) => getCourseOffer(deps, user, query));

// POST /course/video/purchaseCallback: records that the learner wants to buy a course
route(courseRouter, postVideoPurchaseCallback, ({ deps, user, body }) => recordPurchaseIntent(deps, user, body));
