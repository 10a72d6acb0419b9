// Generated from lib/contract by `npm run contract:routes`; do not edit.
// The browser's table of calls: method and path, typed by the contract, without its schemas.
import type * as contract from "@/lib/contract";
import type { CallRoute } from "@/lib/contract/call";

// sign-in
export const finishLogin: CallRoute<typeof contract.finishLogin> = { method: "POST", fullPath: "/auth/finishLogin" };
export const getUserProfile: CallRoute<typeof contract.getUserProfile> = { method: "GET", fullPath: "/user/info" };
export const logout: CallRoute<typeof contract.logout> = { method: "POST", fullPath: "/auth/logout" };
export const requestSignInLink: CallRoute<typeof contract.requestSignInLink> = { method: "POST", fullPath: "/auth/login/invite" };
export const updatePreferredLanguage: CallRoute<typeof contract.updatePreferredLanguage> = { method: "PATCH", fullPath: "/user/preferredLanguage" };

// shell
export const exportMyData: CallRoute<typeof contract.exportMyData> = { method: "GET", fullPath: "/user/data-export" };
export const recordClientLog: CallRoute<typeof contract.recordClientLog> = { method: "POST", fullPath: "/log" };
export const recordUserEvent: CallRoute<typeof contract.recordUserEvent> = { method: "POST", fullPath: "/user/events", idempotent: true };

// catalogue
export const autoEnrollInProgram: CallRoute<typeof contract.autoEnrollInProgram> = { method: "POST", fullPath: "/course/program/autoEnrollment" };
export const countPrograms: CallRoute<typeof contract.countPrograms> = { method: "GET", fullPath: "/course/program/count" };
export const enrollInCourse: CallRoute<typeof contract.enrollInCourse> = { method: "POST", fullPath: "/course/createEnrollment" };
export const enrollInProgram: CallRoute<typeof contract.enrollInProgram> = { method: "POST", fullPath: "/course/program/enrollment" };
export const getCourseDomains: CallRoute<typeof contract.getCourseDomains> = { method: "GET", fullPath: "/dashboard/getCourseDomainsForFilters" };
export const getProgramCourses: CallRoute<typeof contract.getProgramCourses> = { method: "GET", fullPath: "/course/program/courses/bundledId" };
export const listAllCourses: CallRoute<typeof contract.listAllCourses> = { method: "GET", fullPath: "/course/program/courses/all" };
export const listBundledPrograms: CallRoute<typeof contract.listBundledPrograms> = { method: "GET", fullPath: "/course/program/courses/bundled" };
export const listCoursesOnProgress: CallRoute<typeof contract.listCoursesOnProgress> = { method: "GET", fullPath: "/course/program/courses/onProgress" };
export const removeDuplicateEnrollments: CallRoute<typeof contract.removeDuplicateEnrollments> = { method: "POST", fullPath: "/course/program/remove/duplicate" };
export const scheduleProgramEnrollment: CallRoute<typeof contract.scheduleProgramEnrollment> = { method: "POST", fullPath: "/course/program/scheduleEnrollment" };

// learning
export const getCourseOffer: CallRoute<typeof contract.getCourseOffer> = { method: "GET", fullPath: "/course/video/mini" };
export const getCourseProgress: CallRoute<typeof contract.getCourseProgress> = { method: "GET", fullPath: "/course/video/progress" };
export const getLastVisitedNode: CallRoute<typeof contract.getLastVisitedNode> = { method: "GET", fullPath: "/course/getCourseLastChapterData" };
export const getManualCompletion: CallRoute<typeof contract.getManualCompletion> = { method: "GET", fullPath: "/course/enableManualVideoCompletion" };
export const getNodeBreadcrumbs: CallRoute<typeof contract.getNodeBreadcrumbs> = { method: "GET", fullPath: "/course/node/breadcrumbs" };
export const getNodeData: CallRoute<typeof contract.getNodeData> = { method: "GET", fullPath: "/node/data" };
export const getNodeTree: CallRoute<typeof contract.getNodeTree> = { method: "GET", fullPath: "/node/tree" };
export const getRedirectionNodeKey: CallRoute<typeof contract.getRedirectionNodeKey> = { method: "POST", fullPath: "/course/getRedirectionNodeKey" };
export const getTreeStats: CallRoute<typeof contract.getTreeStats> = { method: "GET", fullPath: "/course/tree/stats" };
export const getVideoBreadcrumb: CallRoute<typeof contract.getVideoBreadcrumb> = { method: "GET", fullPath: "/course/video/breadcrumb" };
export const getVideoCompleteStatus: CallRoute<typeof contract.getVideoCompleteStatus> = { method: "GET", fullPath: "/course/course/video/complete/status" };
export const getVideoData: CallRoute<typeof contract.getVideoData> = { method: "GET", fullPath: "/course/video/data" };
export const getVideoLike: CallRoute<typeof contract.getVideoLike> = { method: "GET", fullPath: "/course/video/like/status" };
export const getVideoPlaylist: CallRoute<typeof contract.getVideoPlaylist> = { method: "GET", fullPath: "/course/video/playlist" };
export const getVideoTimestamps: CallRoute<typeof contract.getVideoTimestamps> = { method: "GET", fullPath: "/course/getVideoTimestamp" };
export const getVideoTree: CallRoute<typeof contract.getVideoTree> = { method: "GET", fullPath: "/course/video/tree" };
export const markVideoComplete: CallRoute<typeof contract.markVideoComplete> = { method: "POST", fullPath: "/course/video/markAsComplete" };
export const navigateNode: CallRoute<typeof contract.navigateNode> = { method: "GET", fullPath: "/course/node/navigate" };
export const navigateVideo: CallRoute<typeof contract.navigateVideo> = { method: "GET", fullPath: "/course/video/navigate" };
export const recordPurchaseIntent: CallRoute<typeof contract.recordPurchaseIntent> = { method: "POST", fullPath: "/course/video/purchaseCallback" };
export const recordVideoWatch: CallRoute<typeof contract.recordVideoWatch> = { method: "POST", fullPath: "/user/addVideoWatchRecord", idempotent: true };
export const resolveCourseSlugs: CallRoute<typeof contract.resolveCourseSlugs> = { method: "GET", fullPath: "/course/video/slug/courseIds" };
export const setVideoLike: CallRoute<typeof contract.setVideoLike> = { method: "POST", fullPath: "/course/video/like" };

// challenges
export const answerMcqQuestion: CallRoute<typeof contract.answerMcqQuestion> = { method: "POST", fullPath: "/course/video/mcq/answer", idempotent: true };
export const getEssayBlock: CallRoute<typeof contract.getEssayBlock> = { method: "GET", fullPath: "/course/video/essayBlock/data" };
export const getEssayBlockState: CallRoute<typeof contract.getEssayBlockState> = { method: "GET", fullPath: "/course/video/essayBlockState" };
export const getMcqBlock: CallRoute<typeof contract.getMcqBlock> = { method: "GET", fullPath: "/course/video/mcqBlock/data" };
export const getMcqBlockState: CallRoute<typeof contract.getMcqBlockState> = { method: "GET", fullPath: "/course/video/mcqBlockState" };
export const startEssayBlock: CallRoute<typeof contract.startEssayBlock> = { method: "POST", fullPath: "/course/video/essayBlock/start" };
export const startMcqBlock: CallRoute<typeof contract.startMcqBlock> = { method: "POST", fullPath: "/course/video/mcqBlock/start" };
export const submitEssayBlock: CallRoute<typeof contract.submitEssayBlock> = { method: "POST", fullPath: "/course/video/essayBlock/submit", idempotent: true };
export const submitMcqBlock: CallRoute<typeof contract.submitMcqBlock> = { method: "POST", fullPath: "/course/video/mcqBlock/submit" };
export const uploadEssayFile: CallRoute<typeof contract.uploadEssayFile> = { method: "POST", fullPath: "/course/video/essayBlock/upload" };

// grading
export const claimSubmission: CallRoute<typeof contract.claimSubmission> = { method: "POST", fullPath: "/course/course/submission/claim" };
export const evaluateSubmission: CallRoute<typeof contract.evaluateSubmission> = { method: "POST", fullPath: "/course/course/submission/evaluate", idempotent: true };
export const getSubmissionDetails: CallRoute<typeof contract.getSubmissionDetails> = { method: "GET", fullPath: "/course/course/submission/details" };
export const listEssayAccounts: CallRoute<typeof contract.listEssayAccounts> = { method: "GET", fullPath: "/course/account/name" };
export const listEssayCourses: CallRoute<typeof contract.listEssayCourses> = { method: "GET", fullPath: "/course/course/essayCourse" };
export const listEssayLearners: CallRoute<typeof contract.listEssayLearners> = { method: "GET", fullPath: "/course/course/essay/user" };
export const listSubmissions: CallRoute<typeof contract.listSubmissions> = { method: "GET", fullPath: "/course/course/submission" };

// dashboard
export const getBatchDetails: CallRoute<typeof contract.getBatchDetails> = { method: "GET", fullPath: "/dashboard/courseOrProgram/details" };
export const getDashboardStats: CallRoute<typeof contract.getDashboardStats> = { method: "GET", fullPath: "/dashboard/getDashboardCoursesDetails" };
export const listContinueLearning: CallRoute<typeof contract.listContinueLearning> = { method: "GET", fullPath: "/dashboard/continueLearning" };
export const listEnrolledPrograms: CallRoute<typeof contract.listEnrolledPrograms> = { method: "GET", fullPath: "/dashboard/programs" };
export const listGroupSessions: CallRoute<typeof contract.listGroupSessions> = { method: "GET", fullPath: "/dashboard/groupSessions" };
export const listPurchasedCourses: CallRoute<typeof contract.listPurchasedCourses> = { method: "GET", fullPath: "/dashboard/purchased/all" };

// learning-paths
export const getCourseBundleProgress: CallRoute<typeof contract.getCourseBundleProgress> = { method: "GET", fullPath: "/course/course/bundle/progress" };
export const getFirstProgram: CallRoute<typeof contract.getFirstProgram> = { method: "GET", fullPath: "/dashboard/program/programId" };
export const getLearningPathProgress: CallRoute<typeof contract.getLearningPathProgress> = { method: "GET", fullPath: "/dashboard/getLearningPathProgress" };

// certificates
export const generateCertificates: CallRoute<typeof contract.generateCertificates> = { method: "POST", fullPath: "/dashboard/generateCertificates" };
export const getCertificateStatus: CallRoute<typeof contract.getCertificateStatus> = { method: "GET", fullPath: "/course/getCertificateStatus" };
export const getIssuerDidDocument: CallRoute<typeof contract.getIssuerDidDocument> = { method: "GET", fullPath: "/.well-known/did.json" };
export const getIssuerJwks: CallRoute<typeof contract.getIssuerJwks> = { method: "GET", fullPath: "/.well-known/jwks.json" };
export const getPublicCertificate: CallRoute<typeof contract.getPublicCertificate> = { method: "GET", fullPath: "/course/getCertificateById" };
export const listCertificates: CallRoute<typeof contract.listCertificates> = { method: "GET", fullPath: "/course/getCertificates" };
export const reissueCertificate: CallRoute<typeof contract.reissueCertificate> = { method: "POST", fullPath: "/course/certificate/reissue" };
export const revokeCertificate: CallRoute<typeof contract.revokeCertificate> = { method: "POST", fullPath: "/course/certificate/revoke" };

// achievements
export const getAchievementsDetails: CallRoute<typeof contract.getAchievementsDetails> = { method: "GET", fullPath: "/dashboard/getAchievementsDetails" };

// career-services
export const getCareerServices: CallRoute<typeof contract.getCareerServices> = { method: "GET", fullPath: "/dashboard/careerServices" };
export const getCareerServicesStatistics: CallRoute<typeof contract.getCareerServicesStatistics> = { method: "GET", fullPath: "/dashboard/careerServices/statistics" };

// meetings
export const cancelMeetingRegistration: CallRoute<typeof contract.cancelMeetingRegistration> = { method: "DELETE", fullPath: "/GroupMeeting/group/grow/registration" };
export const getMeetingCalendar: CallRoute<typeof contract.getMeetingCalendar> = { method: "GET", fullPath: "/GroupMeeting/meetings/calendar" };
export const listMeetingCourses: CallRoute<typeof contract.listMeetingCourses> = { method: "GET", fullPath: "/GroupMeeting/filters/course-names" };
export const listMeetings: CallRoute<typeof contract.listMeetings> = { method: "GET", fullPath: "/GroupMeeting/meetings" };
export const registerForMeeting: CallRoute<typeof contract.registerForMeeting> = { method: "POST", fullPath: "/GroupMeeting/group/grow/registration" };

// notifications
export const getNotificationSettings: CallRoute<typeof contract.getNotificationSettings> = { method: "GET", fullPath: "/user/notifications" };
export const setNotificationSettings: CallRoute<typeof contract.setNotificationSettings> = { method: "PUT", fullPath: "/user/notifications" };
export const unsubscribe: CallRoute<typeof contract.unsubscribe> = { method: "POST", fullPath: "/user/notifications/unsubscribe" };

// studio-batches
export const addBatchMembers: CallRoute<typeof contract.addBatchMembers> = { method: "POST", fullPath: "/studio/batch/members" };
export const createBatch: CallRoute<typeof contract.createBatch> = { method: "POST", fullPath: "/studio/batches" };
export const deleteBatch: CallRoute<typeof contract.deleteBatch> = { method: "POST", fullPath: "/studio/batch/delete" };
export const getBatch: CallRoute<typeof contract.getBatch> = { method: "GET", fullPath: "/studio/batch" };
export const importBatchMembers: CallRoute<typeof contract.importBatchMembers> = { method: "POST", fullPath: "/studio/batch/members/import" };
export const listBatches: CallRoute<typeof contract.listBatches> = { method: "GET", fullPath: "/studio/batches" };
export const listBatchPrograms: CallRoute<typeof contract.listBatchPrograms> = { method: "GET", fullPath: "/studio/batches/programs" };
export const removeBatchMember: CallRoute<typeof contract.removeBatchMember> = { method: "POST", fullPath: "/studio/batch/members/remove" };
export const updateBatch: CallRoute<typeof contract.updateBatch> = { method: "PATCH", fullPath: "/studio/batch" };

// studio-companies
export const createCompany: CallRoute<typeof contract.createCompany> = { method: "POST", fullPath: "/studio/companies" };
export const deleteCompany: CallRoute<typeof contract.deleteCompany> = { method: "POST", fullPath: "/studio/company/delete" };
export const getCompany: CallRoute<typeof contract.getCompany> = { method: "GET", fullPath: "/studio/company" };
export const listCompanies: CallRoute<typeof contract.listCompanies> = { method: "GET", fullPath: "/studio/companies" };
export const updateCompany: CallRoute<typeof contract.updateCompany> = { method: "PATCH", fullPath: "/studio/company" };

// studio-sessions
export const cancelSession: CallRoute<typeof contract.cancelSession> = { method: "POST", fullPath: "/studio/session/cancel" };
export const createSession: CallRoute<typeof contract.createSession> = { method: "POST", fullPath: "/studio/sessions" };
export const getSession: CallRoute<typeof contract.getSession> = { method: "GET", fullPath: "/studio/session" };
export const listSessionCourses: CallRoute<typeof contract.listSessionCourses> = { method: "GET", fullPath: "/studio/sessions/courses" };
export const listSessions: CallRoute<typeof contract.listSessions> = { method: "GET", fullPath: "/studio/sessions" };
export const updateSession: CallRoute<typeof contract.updateSession> = { method: "PATCH", fullPath: "/studio/session" };

// studio-content
export const addOutlineNode: CallRoute<typeof contract.addOutlineNode> = { method: "POST", fullPath: "/studio/course/outline/add" };
export const archiveCourse: CallRoute<typeof contract.archiveCourse> = { method: "POST", fullPath: "/studio/course/archive" };
export const createCourse: CallRoute<typeof contract.createCourse> = { method: "POST", fullPath: "/studio/courses" };
export const deleteOutlineNode: CallRoute<typeof contract.deleteOutlineNode> = { method: "POST", fullPath: "/studio/course/outline/delete" };
export const getCourseOutline: CallRoute<typeof contract.getCourseOutline> = { method: "GET", fullPath: "/studio/course/outline" };
export const getCoursePreview: CallRoute<typeof contract.getCoursePreview> = { method: "GET", fullPath: "/studio/course/preview" };
export const getCourseSettings: CallRoute<typeof contract.getCourseSettings> = { method: "GET", fullPath: "/studio/course/settings" };
export const getOutlineItem: CallRoute<typeof contract.getOutlineItem> = { method: "GET", fullPath: "/studio/course/item" };
export const listStudioCourses: CallRoute<typeof contract.listStudioCourses> = { method: "GET", fullPath: "/studio/courses" };
export const moveOutlineNode: CallRoute<typeof contract.moveOutlineNode> = { method: "POST", fullPath: "/studio/course/outline/move" };
export const publishCourse: CallRoute<typeof contract.publishCourse> = { method: "POST", fullPath: "/studio/course/publish" };
export const renameOutlineNode: CallRoute<typeof contract.renameOutlineNode> = { method: "POST", fullPath: "/studio/course/outline/rename" };
export const updateCourseSettings: CallRoute<typeof contract.updateCourseSettings> = { method: "POST", fullPath: "/studio/course/settings" };
export const updateOutlineItem: CallRoute<typeof contract.updateOutlineItem> = { method: "POST", fullPath: "/studio/course/item" };
export const uploadScormItem: CallRoute<typeof contract.uploadScormItem> = { method: "POST", fullPath: "/studio/course/outline/scorm" };

// studio-jobs
export const listJobs: CallRoute<typeof contract.listJobs> = { method: "GET", fullPath: "/studio/jobs" };
export const retryJob: CallRoute<typeof contract.retryJob> = { method: "POST", fullPath: "/studio/jobs/retry" };

// studio-media
export const getMedia: CallRoute<typeof contract.getMedia> = { method: "GET", fullPath: "/studio/media" };

// studio-people
export const createPerson: CallRoute<typeof contract.createPerson> = { method: "POST", fullPath: "/studio/people" };
export const deletePerson: CallRoute<typeof contract.deletePerson> = { method: "POST", fullPath: "/studio/person/delete" };
export const exportPerson: CallRoute<typeof contract.exportPerson> = { method: "GET", fullPath: "/studio/person/export" };
export const getPeopleImportTemplate: CallRoute<typeof contract.getPeopleImportTemplate> = { method: "GET", fullPath: "/studio/people/import-template.csv" };
export const getPerson: CallRoute<typeof contract.getPerson> = { method: "GET", fullPath: "/studio/person" };
export const getPersonCareerServices: CallRoute<typeof contract.getPersonCareerServices> = { method: "GET", fullPath: "/studio/person/career-services" };
export const grantTimedBlock: CallRoute<typeof contract.grantTimedBlock> = { method: "POST", fullPath: "/studio/person/timed-block-grant" };
export const importPeople: CallRoute<typeof contract.importPeople> = { method: "POST", fullPath: "/studio/people/import" };
export const listAudit: CallRoute<typeof contract.listAudit> = { method: "GET", fullPath: "/studio/audit" };
export const listPeople: CallRoute<typeof contract.listPeople> = { method: "GET", fullPath: "/studio/people" };
export const listPersonTimedBlocks: CallRoute<typeof contract.listPersonTimedBlocks> = { method: "GET", fullPath: "/studio/person/timed-blocks" };
export const resendInvitation: CallRoute<typeof contract.resendInvitation> = { method: "POST", fullPath: "/studio/person/invitation" };
export const updatePerson: CallRoute<typeof contract.updatePerson> = { method: "PATCH", fullPath: "/studio/person" };
export const updatePersonCareerServices: CallRoute<typeof contract.updatePersonCareerServices> = { method: "PUT", fullPath: "/studio/person/career-services" };

// studio-programs
export const createProgram: CallRoute<typeof contract.createProgram> = { method: "POST", fullPath: "/studio/programs" };
export const deleteProgram: CallRoute<typeof contract.deleteProgram> = { method: "POST", fullPath: "/studio/program/delete" };
export const getProgram: CallRoute<typeof contract.getProgram> = { method: "GET", fullPath: "/studio/program" };
export const listProgramCourseChoices: CallRoute<typeof contract.listProgramCourseChoices> = { method: "GET", fullPath: "/studio/programs/courses" };
export const listPrograms: CallRoute<typeof contract.listPrograms> = { method: "GET", fullPath: "/studio/programs" };
export const updateProgram: CallRoute<typeof contract.updateProgram> = { method: "PATCH", fullPath: "/studio/program" };

// studio-grading
export const assignSubmission: CallRoute<typeof contract.assignSubmission> = { method: "POST", fullPath: "/studio/grading/assignment" };
export const listGraders: CallRoute<typeof contract.listGraders> = { method: "GET", fullPath: "/studio/grading/graders" };
export const listGradingQueue: CallRoute<typeof contract.listGradingQueue> = { method: "GET", fullPath: "/studio/grading/queue" };

// studio-enrollment
export const answerPurchaseRequest: CallRoute<typeof contract.answerPurchaseRequest> = { method: "POST", fullPath: "/studio/purchase-request/answer" };
export const enrollPeople: CallRoute<typeof contract.enrollPeople> = { method: "POST", fullPath: "/studio/enrollments" };
export const getEnrollmentChoices: CallRoute<typeof contract.getEnrollmentChoices> = { method: "GET", fullPath: "/studio/enrollment/choices" };
export const listPersonEnrollments: CallRoute<typeof contract.listPersonEnrollments> = { method: "GET", fullPath: "/studio/person/enrollments" };
export const listPurchaseRequests: CallRoute<typeof contract.listPurchaseRequests> = { method: "GET", fullPath: "/studio/purchase-requests" };
export const moveEnrollmentVersion: CallRoute<typeof contract.moveEnrollmentVersion> = { method: "POST", fullPath: "/studio/person/enrollment/version" };

// studio-reports
export const getReportLearner: CallRoute<typeof contract.getReportLearner> = { method: "GET", fullPath: "/studio/reports/learner" };
export const getReportLearnersCsv: CallRoute<typeof contract.getReportLearnersCsv> = { method: "GET", fullPath: "/studio/reports/learners.csv" };
export const getReportSummary: CallRoute<typeof contract.getReportSummary> = { method: "GET", fullPath: "/studio/reports/summary" };
export const listReportFilters: CallRoute<typeof contract.listReportFilters> = { method: "GET", fullPath: "/studio/reports/filters" };
export const listReportLearners: CallRoute<typeof contract.listReportLearners> = { method: "GET", fullPath: "/studio/reports/learners" };

// xapi
export const exportXapiStatements: CallRoute<typeof contract.exportXapiStatements> = { method: "GET", fullPath: "/studio/xapi/statements/export" };
export const listXapiStatements: CallRoute<typeof contract.listXapiStatements> = { method: "GET", fullPath: "/studio/xapi/statements" };

// scorm
export const commitScormItem: CallRoute<typeof contract.commitScormItem> = { method: "POST", fullPath: "/scorm/item/commit", idempotent: true };
export const openScormItem: CallRoute<typeof contract.openScormItem> = { method: "POST", fullPath: "/scorm/item/open" };
