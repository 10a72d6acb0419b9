import "server-only";
import { Hono } from "hono";
import * as calls from "@/lib/contract/calls/learning";
import { getCourseOffer, getCourseProgress, getLastVisitedNode, getManualCompletion, getNodeBreadcrumbs, getNodeData, getNodeTree, getRedirectionNodeKey, getTreeStats, getVideoBreadcrumb, getVideoCompleteStatus, getVideoData, getVideoLike, getVideoPlaylist, getVideoTimestamps, getVideoTree, markVideoComplete, navigateNode, navigateVideo, recordPurchaseIntent, recordVideoWatch, resolveCourseSlugs, setVideoLike } from "../../services/learning";
import { route, type ApiEnv } from "../route";

export const learningRouter = new Hono<ApiEnv>();

// GET /course/video/slug/courseIds: ids for the slug ids of a learning-page address
route(learningRouter, calls.resolveCourseSlugs, ({ deps, user, query }) => resolveCourseSlugs(deps, user, query));

// GET /course/video/tree: the course tree with the learner's completion, last visited video and locks
route(learningRouter, calls.getVideoTree, ({ deps, user, query }) => getVideoTree(deps, user, query.id));

// GET /course/video/data: a video's page; a locked video comes without its link
route(learningRouter, calls.getVideoData, ({ deps, user, query }) => getVideoData(deps, user, query));

// GET /course/video/breadcrumb: the path from the course down to a node of the video tree
route(learningRouter, calls.getVideoBreadcrumb, ({ deps, user, query }) => getVideoBreadcrumb(deps, user, query));

// GET /course/node/breadcrumbs: the path from the course down to a node of the generic tree
route(learningRouter, calls.getNodeBreadcrumbs, ({ deps, user, query }) => getNodeBreadcrumbs(deps, user, query));

// GET /course/video/navigate: the previous or next item across the whole course
route(learningRouter, calls.navigateVideo, ({ deps, user, query }) => navigateVideo(deps, user, query));

// GET /course/node/navigate: the previous or next node of a type in the generic tree
route(learningRouter, calls.navigateNode, ({ deps, user, query }) => navigateNode(deps, user, query));

// GET /course/video/playlist: the course's videos in playing order
route(learningRouter, calls.getVideoPlaylist, ({ deps, user, query }) => getVideoPlaylist(deps, user, query.videoCourseId));

// GET /course/getCourseLastChapterData: where the learner left off, to resume
route(learningRouter, calls.getLastVisitedNode, ({ deps, user, query }) => getLastVisitedNode(deps, user, query.courseId));

// POST /course/getRedirectionNodeKey: the node to open for a node type
route(learningRouter, calls.getRedirectionNodeKey, ({ deps, user, body }) => getRedirectionNodeKey(deps, user, body));

// GET /course/tree/stats: which kinds of content the course holds
route(learningRouter, calls.getTreeStats, ({ deps, user, query }) => getTreeStats(deps, user, query.courseId));

// ---------- progress ----------

// POST /course/video/markAsComplete: completes a video by hand where the learner's batch allows it
route(learningRouter, calls.markVideoComplete, ({ deps, user, body }) => markVideoComplete(deps, user, body));

// GET /course/enableManualVideoCompletion: whether the learner's batch allows completing videos by hand
route(learningRouter, calls.getManualCompletion, ({ deps, user, query }) => getManualCompletion(deps, user, query));

// GET /course/video/progress: the learner's progress in a course
route(learningRouter, calls.getCourseProgress, ({ deps, user, query }) => getCourseProgress(deps, user, query.courseId));

// GET /course/course/video/complete/status: whether the learner has completed a video
route(learningRouter, calls.getVideoCompleteStatus, ({ deps, user, query }) => getVideoCompleteStatus(deps, user, query));

// GET /course/getVideoTimestamp: where the learner stopped in each video of a course
route(learningRouter, calls.getVideoTimestamps, ({ deps, user, query }) => getVideoTimestamps(deps, user, query.courseId));

// ---------- likes and locks ----------

// GET /course/video/like/status: the learner's opinion of a video and everyone's counts
route(learningRouter, calls.getVideoLike, ({ deps, user, query }) => getVideoLike(deps, user, query));

// POST /course/video/like: likes, dislikes or takes back; the same opinion twice changes nothing
route(learningRouter, calls.setVideoLike, ({ deps, user, body }) => setVideoLike(deps, user, body));

// GET /course/video/mini: the price panel of a course the learner has not bought
route(learningRouter, calls.getCourseOffer, ({ deps, user, query }) => getCourseOffer(deps, user, query));

// POST /course/video/purchaseCallback: records that the learner wants to buy a course
route(learningRouter, calls.recordPurchaseIntent, ({ deps, user, body }) => recordPurchaseIntent(deps, user, body));

// POST /user/addVideoWatchRecord: what the learner watched of a video; a resend with the same idempotency key counts once
route(learningRouter, calls.recordVideoWatch, ({ deps, user, body, idempotencyKey }) => recordVideoWatch(deps, user, { ...body, idempotencyKey }));

// ---------- the generic tree ----------

// GET /node/tree: the course as a generic tree, only branches with nodes of the chosen type
route(learningRouter, calls.getNodeTree, ({ deps, user, query }) => getNodeTree(deps, user, query));

// GET /node/data: what the learning page shows for a node of the generic tree
route(learningRouter, calls.getNodeData, ({ deps, user, query }) => getNodeData(deps, user, query));
