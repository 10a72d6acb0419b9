// Generated from lib/contract by `npm run contract:routes`; do not edit.
// The browser's table of calls: method and path, typed by the contract, without its schemas.
import type * as contract from "@/lib/contract";
import type { CallRoute } from "@/lib/contract/call";

// sign-in
export const finishLogin: CallRoute<typeof contract.finishLogin> = { method: "POST", fullPath: "/auth/finishLogin" };
export const getUserInfo: CallRoute<typeof contract.getUserInfo> = { method: "GET", fullPath: "/user/info" };
export const loginInvite: CallRoute<typeof contract.loginInvite> = { method: "POST", fullPath: "/auth/login/invite" };
export const logout: CallRoute<typeof contract.logout> = { method: "POST", fullPath: "/auth/logout" };

// shell
export const postLog: CallRoute<typeof contract.postLog> = { method: "POST", fullPath: "/log" };
export const postUserEvent: CallRoute<typeof contract.postUserEvent> = { method: "POST", fullPath: "/user/events", idempotent: true };

// catalogue
export const createEnrollment: CallRoute<typeof contract.createEnrollment> = { method: "POST", fullPath: "/course/createEnrollment" };
export const getCourseDomainsForFilters: CallRoute<typeof contract.getCourseDomainsForFilters> = { method: "GET", fullPath: "/dashboard/getCourseDomainsForFilters" };
export const getProgramCount: CallRoute<typeof contract.getProgramCount> = { method: "GET", fullPath: "/course/program/count" };
export const getProgramCoursesAll: CallRoute<typeof contract.getProgramCoursesAll> = { method: "GET", fullPath: "/course/program/courses/all" };
export const getProgramCoursesBundled: CallRoute<typeof contract.getProgramCoursesBundled> = { method: "GET", fullPath: "/course/program/courses/bundled" };
export const getProgramCoursesBundledId: CallRoute<typeof contract.getProgramCoursesBundledId> = { method: "GET", fullPath: "/course/program/courses/bundledId" };
export const getProgramCoursesOnProgress: CallRoute<typeof contract.getProgramCoursesOnProgress> = { method: "GET", fullPath: "/course/program/courses/onProgress" };
export const postProgramAutoEnrollment: CallRoute<typeof contract.postProgramAutoEnrollment> = { method: "POST", fullPath: "/course/program/autoEnrollment" };
export const postProgramEnrollment: CallRoute<typeof contract.postProgramEnrollment> = { method: "POST", fullPath: "/course/program/enrollment" };
export const postProgramRemoveDuplicate: CallRoute<typeof contract.postProgramRemoveDuplicate> = { method: "POST", fullPath: "/course/program/remove/duplicate" };
export const postProgramScheduleEnrollment: CallRoute<typeof contract.postProgramScheduleEnrollment> = { method: "POST", fullPath: "/course/program/scheduleEnrollment" };

// learning
export const addVideoWatchRecord: CallRoute<typeof contract.addVideoWatchRecord> = { method: "POST", fullPath: "/user/addVideoWatchRecord", idempotent: true };
export const getCourseLastChapterData: CallRoute<typeof contract.getCourseLastChapterData> = { method: "GET", fullPath: "/course/getCourseLastChapterData" };
export const getCourseVideoCompleteStatus: CallRoute<typeof contract.getCourseVideoCompleteStatus> = { method: "GET", fullPath: "/course/course/video/complete/status" };
export const getEnableManualVideoCompletion: CallRoute<typeof contract.getEnableManualVideoCompletion> = { method: "GET", fullPath: "/course/enableManualVideoCompletion" };
export const getNodeBreadcrumbs: CallRoute<typeof contract.getNodeBreadcrumbs> = { method: "GET", fullPath: "/course/node/breadcrumbs" };
export const getNodeData: CallRoute<typeof contract.getNodeData> = { method: "GET", fullPath: "/node/data" };
export const getNodeNavigate: CallRoute<typeof contract.getNodeNavigate> = { method: "GET", fullPath: "/course/node/navigate" };
export const getNodeTree: CallRoute<typeof contract.getNodeTree> = { method: "GET", fullPath: "/node/tree" };
export const getRedirectionNodeKey: CallRoute<typeof contract.getRedirectionNodeKey> = { method: "POST", fullPath: "/course/getRedirectionNodeKey" };
export const getTreeStats: CallRoute<typeof contract.getTreeStats> = { method: "GET", fullPath: "/course/tree/stats" };
export const getVideoBreadcrumb: CallRoute<typeof contract.getVideoBreadcrumb> = { method: "GET", fullPath: "/course/video/breadcrumb" };
export const getVideoData: CallRoute<typeof contract.getVideoData> = { method: "GET", fullPath: "/course/video/data" };
export const getVideoLikeStatus: CallRoute<typeof contract.getVideoLikeStatus> = { method: "GET", fullPath: "/course/video/like/status" };
export const getVideoMini: CallRoute<typeof contract.getVideoMini> = { method: "GET", fullPath: "/course/video/mini" };
export const getVideoNavigate: CallRoute<typeof contract.getVideoNavigate> = { method: "GET", fullPath: "/course/video/navigate" };
export const getVideoPlaylist: CallRoute<typeof contract.getVideoPlaylist> = { method: "GET", fullPath: "/course/video/playlist" };
export const getVideoProgress: CallRoute<typeof contract.getVideoProgress> = { method: "GET", fullPath: "/course/video/progress" };
export const getVideoSlugCourseIds: CallRoute<typeof contract.getVideoSlugCourseIds> = { method: "GET", fullPath: "/course/video/slug/courseIds" };
export const getVideoTimestamp: CallRoute<typeof contract.getVideoTimestamp> = { method: "GET", fullPath: "/course/getVideoTimestamp" };
export const getVideoTree: CallRoute<typeof contract.getVideoTree> = { method: "GET", fullPath: "/course/video/tree" };
export const postVideoLike: CallRoute<typeof contract.postVideoLike> = { method: "POST", fullPath: "/course/video/like" };
export const postVideoMarkAsComplete: CallRoute<typeof contract.postVideoMarkAsComplete> = { method: "POST", fullPath: "/course/video/markAsComplete" };
export const postVideoPurchaseCallback: CallRoute<typeof contract.postVideoPurchaseCallback> = { method: "POST", fullPath: "/course/video/purchaseCallback" };

// challenges
export const getEssayBlockData: CallRoute<typeof contract.getEssayBlockData> = { method: "GET", fullPath: "/course/video/essayBlock/data" };
export const getEssayBlockState: CallRoute<typeof contract.getEssayBlockState> = { method: "GET", fullPath: "/course/video/essayBlockState" };
export const getMcqBlockData: CallRoute<typeof contract.getMcqBlockData> = { method: "GET", fullPath: "/course/video/mcqBlock/data" };
export const getMcqBlockState: CallRoute<typeof contract.getMcqBlockState> = { method: "GET", fullPath: "/course/video/mcqBlockState" };
export const postEssayBlockStart: CallRoute<typeof contract.postEssayBlockStart> = { method: "POST", fullPath: "/course/video/essayBlock/start" };
export const postEssayBlockSubmit: CallRoute<typeof contract.postEssayBlockSubmit> = { method: "POST", fullPath: "/course/video/essayBlock/submit", idempotent: true };
export const postEssayBlockUpload: CallRoute<typeof contract.postEssayBlockUpload> = { method: "POST", fullPath: "/course/video/essayBlock/upload" };
export const postMcqAnswer: CallRoute<typeof contract.postMcqAnswer> = { method: "POST", fullPath: "/course/video/mcq/answer", idempotent: true };
export const postMcqBlockStart: CallRoute<typeof contract.postMcqBlockStart> = { method: "POST", fullPath: "/course/video/mcqBlock/start" };
export const postMcqBlockSubmit: CallRoute<typeof contract.postMcqBlockSubmit> = { method: "POST", fullPath: "/course/video/mcqBlock/submit" };

// grading
export const getAccountName: CallRoute<typeof contract.getAccountName> = { method: "GET", fullPath: "/course/account/name" };
export const getCourseEssayCourse: CallRoute<typeof contract.getCourseEssayCourse> = { method: "GET", fullPath: "/course/course/essayCourse" };
export const getCourseEssayUser: CallRoute<typeof contract.getCourseEssayUser> = { method: "GET", fullPath: "/course/course/essay/user" };
export const getCourseSubmission: CallRoute<typeof contract.getCourseSubmission> = { method: "GET", fullPath: "/course/course/submission" };
export const getCourseSubmissionDetails: CallRoute<typeof contract.getCourseSubmissionDetails> = { method: "GET", fullPath: "/course/course/submission/details" };
export const postCourseSubmissionClaim: CallRoute<typeof contract.postCourseSubmissionClaim> = { method: "POST", fullPath: "/course/course/submission/claim" };
export const postCourseSubmissionEvaluate: CallRoute<typeof contract.postCourseSubmissionEvaluate> = { method: "POST", fullPath: "/course/course/submission/evaluate", idempotent: true };

// dashboard
export const getContinueLearning: CallRoute<typeof contract.getContinueLearning> = { method: "GET", fullPath: "/dashboard/continueLearning" };
export const getCourseOrProgramDetails: CallRoute<typeof contract.getCourseOrProgramDetails> = { method: "GET", fullPath: "/dashboard/courseOrProgram/details" };
export const getDashboardCoursesDetails: CallRoute<typeof contract.getDashboardCoursesDetails> = { method: "GET", fullPath: "/dashboard/getDashboardCoursesDetails" };
export const getDashboardGroupSessions: CallRoute<typeof contract.getDashboardGroupSessions> = { method: "GET", fullPath: "/dashboard/groupSessions" };
export const getPrograms: CallRoute<typeof contract.getPrograms> = { method: "GET", fullPath: "/dashboard/programs" };
export const getPurchasedAll: CallRoute<typeof contract.getPurchasedAll> = { method: "GET", fullPath: "/dashboard/purchased/all" };

// learning-paths
export const getCourseBundleProgress: CallRoute<typeof contract.getCourseBundleProgress> = { method: "GET", fullPath: "/course/course/bundle/progress" };
export const getLearningPathProgress: CallRoute<typeof contract.getLearningPathProgress> = { method: "GET", fullPath: "/dashboard/getLearningPathProgress" };
export const getProgramProgramId: CallRoute<typeof contract.getProgramProgramId> = { method: "GET", fullPath: "/dashboard/program/programId" };

// certificates
export const generateCertificates: CallRoute<typeof contract.generateCertificates> = { method: "POST", fullPath: "/dashboard/generateCertificates" };
export const getCertificateById: CallRoute<typeof contract.getCertificateById> = { method: "GET", fullPath: "/course/getCertificateById" };
export const getCertificates: CallRoute<typeof contract.getCertificates> = { method: "GET", fullPath: "/course/getCertificates" };
export const getCertificateStatus: CallRoute<typeof contract.getCertificateStatus> = { method: "GET", fullPath: "/course/getCertificateStatus" };
export const getIssuerDidDocument: CallRoute<typeof contract.getIssuerDidDocument> = { method: "GET", fullPath: "/.well-known/did.json" };
export const getIssuerJwks: CallRoute<typeof contract.getIssuerJwks> = { method: "GET", fullPath: "/.well-known/jwks.json" };
export const postCertificateReissue: CallRoute<typeof contract.postCertificateReissue> = { method: "POST", fullPath: "/course/certificate/reissue" };
export const postCertificateRevoke: CallRoute<typeof contract.postCertificateRevoke> = { method: "POST", fullPath: "/course/certificate/revoke" };

// achievements
export const getAchievementsDetails: CallRoute<typeof contract.getAchievementsDetails> = { method: "GET", fullPath: "/dashboard/getAchievementsDetails" };

// career-services
export const getCareerServices: CallRoute<typeof contract.getCareerServices> = { method: "GET", fullPath: "/dashboard/careerServices" };
export const getCareerServicesStatistics: CallRoute<typeof contract.getCareerServicesStatistics> = { method: "GET", fullPath: "/dashboard/careerServices/statistics" };

// meetings
export const deleteGroupGrowRegistration: CallRoute<typeof contract.deleteGroupGrowRegistration> = { method: "DELETE", fullPath: "/GroupMeeting/group/grow/registration" };
export const getFiltersCourseNames: CallRoute<typeof contract.getFiltersCourseNames> = { method: "GET", fullPath: "/GroupMeeting/filters/course-names" };
export const getMeetingCalendar: CallRoute<typeof contract.getMeetingCalendar> = { method: "GET", fullPath: "/GroupMeeting/meetings/calendar" };
export const getMeetings: CallRoute<typeof contract.getMeetings> = { method: "GET", fullPath: "/GroupMeeting/meetings" };
export const postGroupGrowRegistration: CallRoute<typeof contract.postGroupGrowRegistration> = { method: "POST", fullPath: "/GroupMeeting/group/grow/registration" };

// notifications
export const getNotificationSettings: CallRoute<typeof contract.getNotificationSettings> = { method: "GET", fullPath: "/user/notifications" };
export const postNotificationUnsubscribe: CallRoute<typeof contract.postNotificationUnsubscribe> = { method: "POST", fullPath: "/user/notifications/unsubscribe" };
export const putNotificationSettings: CallRoute<typeof contract.putNotificationSettings> = { method: "PUT", fullPath: "/user/notifications" };

// studio-jobs
export const getStudioJobs: CallRoute<typeof contract.getStudioJobs> = { method: "GET", fullPath: "/studio/jobs" };
