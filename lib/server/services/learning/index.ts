/**
 * The learning area's public face: the service of each of its calls (a call's contract key, client
 * function, service function and file share one name). Another area that comes to need something
 * of learning imports it from here only.
 */
export { resolveCourseSlugs } from "./resolve-course-slugs";
export { getVideoTree } from "./get-video-tree";
export { getVideoData } from "./get-video-data";
export { getVideoBreadcrumb } from "./get-video-breadcrumb";
export { getNodeBreadcrumbs } from "./get-node-breadcrumbs";
export { navigateVideo } from "./navigate-video";
export { navigateNode } from "./navigate-node";
export { getVideoPlaylist } from "./get-video-playlist";
export { getLastVisitedNode } from "./get-last-visited-node";
export { getRedirectionNodeKey } from "./get-redirection-node-key";
export { getTreeStats } from "./get-tree-stats";
export { markVideoComplete } from "./mark-video-complete";
export { getManualCompletion } from "./get-manual-completion";
export { getCourseProgress } from "./get-course-progress";
export { getVideoCompleteStatus } from "./get-video-complete-status";
export { getVideoTimestamps } from "./get-video-timestamps";
export { getVideoLike } from "./get-video-like";
export { setVideoLike } from "./set-video-like";
export { getCourseOffer } from "./get-course-offer";
export { recordPurchaseIntent } from "./record-purchase-intent";
export { recordVideoWatch } from "./record-video-watch";
export { getNodeTree } from "./get-node-tree";
export { getNodeData } from "./get-node-data";
export type { LearningPageLink } from "./load-learning-page";
export { loadVideoRow, videoLinkOf } from "./video-page";
export { authorizeStoredFile } from "./authorize-stored-file";
export { findCourseForAddress } from "./find-course-for-address";
export { loadLearningPage, type LearningPage } from "./load-learning-page";
export { loadScormLessonPage, type ScormLessonPage } from "./load-scorm-lesson-page";
