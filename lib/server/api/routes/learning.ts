import "server-only";
import { Hono } from "hono";
import { getCourseLastChapterData, getCourseVideoCompleteStatus, getEnableManualVideoCompletion, getNodeBreadcrumbs, getNodeNavigate, getRedirectionNodeKey, getTreeStats, getVideoBreadcrumb, getVideoData, getVideoLikeStatus, getVideoMini, getVideoNavigate, getVideoPlaylist, getVideoProgress, getVideoSlugCourseIds, getVideoTimestamp, getVideoTree, postVideoLike, postVideoMarkAsComplete, postVideoPurchaseCallback } from "@/lib/contract/calls/learning";
import { addVideoWatchRecord, getNodeData, getNodeTree } from "@/lib/contract/calls/learning";
import { getCourseOffer } from "../../services/learning/get-course-offer";
import { getCourseProgress } from "../../services/learning/get-course-progress";
import { getLastVisitedNode } from "../../services/learning/get-last-visited-node";
import { getManualCompletion } from "../../services/learning/get-manual-completion";
import { getNodeBreadcrumbs as nodeBreadcrumbs } from "../../services/learning/get-node-breadcrumbs";
import { getRedirectionNodeKey as redirectionNodeKey } from "../../services/learning/get-redirection-node-key";
import { getTreeStats as treeStats } from "../../services/learning/get-tree-stats";
import { getVideoBreadcrumb as videoBreadcrumb } from "../../services/learning/get-video-breadcrumb";
import { getVideoCompleteStatus } from "../../services/learning/get-video-complete-status";
import { getVideoData as videoData } from "../../services/learning/get-video-data";
import { getVideoLike } from "../../services/learning/get-video-like";
import { getVideoPlaylist as videoPlaylist } from "../../services/learning/get-video-playlist";
import { getVideoTimestamps } from "../../services/learning/get-video-timestamps";
import { getVideoTreeSource } from "../../services/learning/get-video-tree";
import type { User } from "../../domain/user";
import type { Deps } from "../../deps";
import { markVideoComplete } from "../../services/learning/mark-video-complete";
import { navigateNode } from "../../services/learning/navigate-node";
import { navigateVideo } from "../../services/learning/navigate-video";
import { recordPurchaseIntent } from "../../services/learning/record-purchase-intent";
import { resolveCourseSlugs } from "../../services/learning/resolve-course-slugs";
import { setVideoLike } from "../../services/learning/set-video-like";
import { getNodeData as nodeData } from "../../services/learning/get-node-data";
import { getNodeTree as nodeTree } from "../../services/learning/get-node-tree";
import { recordVideoWatch } from "../../services/learning/record-video-watch";
import { contentKey, EncodedJsonStore } from "../encoded-json";
import { route, type ApiEnv } from "../route";

export const learningRouter = new Hono<ApiEnv>();

// GET /course/video/slug/courseIds: ids for the slug ids of a learning-page address
route(learningRouter, getVideoSlugCourseIds, ({ deps, user, query }) => resolveCourseSlugs(deps, user, query));

// GET /course/video/tree: the course tree with the learner's completion, last visited video and locks
// (a tree is built, serialized and gzipped once per distinct content: learners read it on every page of a course)
const treeAnswers = new EncodedJsonStore(32 * 1024 * 1024);
/** The learner's course tree: the one built before while its inputs stand (the bench's bare twin sends it too). */
export async function videoTreeAnswer(deps: Deps, user: User, courseId: string) {
  const source = await getVideoTreeSource(deps, user, courseId);
  return treeAnswers.get(contentKey(source.inputs), source.build);
}
route(learningRouter, getVideoTree, ({ deps, user, query }) => videoTreeAnswer(deps, user, query.id));

// GET /course/video/data: a video's page; a locked video comes without its link
route(learningRouter, getVideoData, ({ deps, user, query }) => videoData(deps, user, query));

// GET /course/video/breadcrumb: the path from the course down to a node of the video tree
route(learningRouter, getVideoBreadcrumb, ({ deps, user, query }) => videoBreadcrumb(deps, user, query));

// GET /course/node/breadcrumbs: the path from the course down to a node of the generic tree
route(learningRouter, getNodeBreadcrumbs, ({ deps, user, query }) => nodeBreadcrumbs(deps, user, query));

// GET /course/video/navigate: the previous or next item across the whole course
route(learningRouter, getVideoNavigate, ({ deps, user, query }) => navigateVideo(deps, user, query));

// GET /course/node/navigate: the previous or next node of a type in the generic tree
route(learningRouter, getNodeNavigate, ({ deps, user, query }) => navigateNode(deps, user, query));

// GET /course/video/playlist: the course's videos in playing order
route(learningRouter, getVideoPlaylist, ({ deps, user, query }) => videoPlaylist(deps, user, query.videoCourseId));

// GET /course/getCourseLastChapterData: where the learner left off, to resume
route(learningRouter, getCourseLastChapterData, ({ deps, user, query }) => getLastVisitedNode(deps, user, query.courseId));

// POST /course/getRedirectionNodeKey: the node to open for a node type
route(learningRouter, getRedirectionNodeKey, ({ deps, user, body }) => redirectionNodeKey(deps, user, body));

// GET /course/tree/stats: which kinds of content the course holds
route(learningRouter, getTreeStats, ({ deps, user, query }) => treeStats(deps, user, query.courseId));

// ---------- progress ----------

// POST /course/video/markAsComplete: completes a video by hand where the learner's batch allows it
route(learningRouter, postVideoMarkAsComplete, ({ deps, user, body }) => markVideoComplete(deps, user, body));

// GET /course/enableManualVideoCompletion: whether the learner's batch allows completing videos by hand
route(learningRouter, getEnableManualVideoCompletion, ({ deps, user, query }) => getManualCompletion(deps, user, query));

// GET /course/video/progress: the learner's progress in a course
route(learningRouter, getVideoProgress, ({ deps, user, query }) => getCourseProgress(deps, user, query.courseId));

// GET /course/course/video/complete/status: whether the learner has completed a video
route(learningRouter, getCourseVideoCompleteStatus, ({ deps, user, query }) => getVideoCompleteStatus(deps, user, query));

// GET /course/getVideoTimestamp: where the learner stopped in each video of a course
route(learningRouter, getVideoTimestamp, ({ deps, user, query }) => getVideoTimestamps(deps, user, query.courseId));

// ---------- likes and locks ----------

// GET /course/video/like/status: the learner's opinion of a video and everyone's counts
route(learningRouter, getVideoLikeStatus, ({ deps, user, query }) => getVideoLike(deps, user, query));

// POST /course/video/like: likes, dislikes or takes back; the same opinion twice changes nothing
route(learningRouter, postVideoLike, ({ deps, user, body }) => setVideoLike(deps, user, body));

// GET /course/video/mini: the price panel of a course the learner has not bought
route(learningRouter, getVideoMini, ({ deps, user, query }) => getCourseOffer(deps, user, query));

// POST /course/video/purchaseCallback: records that the learner wants to buy a course
route(learningRouter, postVideoPurchaseCallback, ({ deps, user, body }) => recordPurchaseIntent(deps, user, body));

// POST /user/addVideoWatchRecord: what the learner watched of a video; a resend with the same idempotency key counts once
route(learningRouter, addVideoWatchRecord, ({ deps, user, body, idempotencyKey }) => recordVideoWatch(deps, user, { ...body, idempotencyKey }));

// ---------- the generic tree ----------

// GET /node/tree: the course as a generic tree, only branches with nodes of the chosen type
route(learningRouter, getNodeTree, ({ deps, user, query }) => nodeTree(deps, user, query));

// GET /node/data: what the learning page shows for a node of the generic tree
route(learningRouter, getNodeData, ({ deps, user, query }) => nodeData(deps, user, query));
