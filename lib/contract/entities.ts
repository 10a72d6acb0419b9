import { z } from "zod";
import {
  courseStatus,
  courseType,
  domainName,
  enrollmentType,
  essayAttemptStatus,
  essaySubmissionSource,
  genericNodeType,
  isoDate,
  mcqAttemptStatus,
  meetingRange,
  videoCompletionState,
  videoProvider,
} from "./common";

// Entities of spec section 3 (the user profile lives in ./user). Ids are strings, dates ISO 8601
// strings. Schemas with an `id` in their metadata become named components of the API description.

const percent = z.number().min(0).max(100);
const count = z.number().int().min(0);
const minutes = z.number().min(0);
const hours = z.number().min(0);

// ---------- places on the learning page ----------

/** What a node of the learning page is: a container of the course tree, or a content item. */
export const learnNodeType = z
  .enum(["videoCourse", "videoCourseChapter", "videoCourseSubChapter", "video", "mcqBlock", "essayBlock"])
  .describe(
    "Kind of a place on the learning page: the course, a chapter, a sub-chapter, or one item inside a sub-chapter (a video, a multiple-choice block or an essay challenge)",
  );
export type LearnNodeType = z.infer<typeof learnNodeType>;

/** The content behind a node of the generic tree. */
export const nodeSourceType = z
  .enum([...learnNodeType.options, "document"])
  .describe("What a node of the generic course tree shows: a course part, a video, a challenge block, or a reading document");
export type NodeSourceType = z.infer<typeof nodeSourceType>;

export const contentItemType = z
  .enum(["video", "mcqBlock", "essayBlock"])
  .describe("Kind of an item inside a sub-chapter");

export const challengeCompletionState = z
  .enum(["completed", "notCompleted", "notApplicable"])
  .describe("completed when every challenge (multiple-choice block or essay) of the node is submitted; notApplicable when it has none");

// ---------- courses and programs ----------

export const courseVersionInfo = z
  .object({
    versionId: z.string(),
    versionName: z.string(),
    releasedDate: isoDate,
    isCurrent: z.boolean().describe("true for the version new learners are enrolled in"),
    isEnrolled: z.boolean().describe("true when the learner is enrolled in this version"),
    enrollmentType: enrollmentType.nullable().describe("How the learner was enrolled in this version; null when not enrolled"),
    enrollmentStartDate: isoDate.nullable().describe("When the learner's enrollment in this version starts; null when not enrolled"),
  })
  .describe("One released version of a course, with the learner's enrollment in it");
export type CourseVersionInfo = z.infer<typeof courseVersionInfo>;

/** Where the learner stands with a course, decided on the server once for the card, the learning page and the enroll call. */
export const courseEnrollmentState = z
  .object({
    status: z
      .enum(["open", "notStarted", "accountExpired", "premiumOnly", "canEnroll", "cannotEnroll"])
      .describe(
        "open: enrolled, content open; notStarted: enrolled, opens on enrollmentStartDate; accountExpired: enrolled through a batch whose access has ended; premiumOnly: enrolled alone in a premium course while on the Basic plan; canEnroll: not enrolled, and enrolling will succeed; cannotEnroll: not enrolled, and the learner cannot enroll by themselves",
      ),
    basis: z
      .enum(["batch", "plan", "free", "paid", "premiumPlan"])
      .nullable()
      .describe(
        "For canEnroll and cannotEnroll, why: batch (a course of the learner's program, no cost), plan (a premium course included in the Premium plan), free (no price, or complimentary), paid (sold alone, not covered by a batch or the plan), premiumPlan (premium, not sold alone, and the learner is on the Basic plan); null when enrolled",
      ),
    note: z.string().describe("The same answer in a few words, to show the learner, e.g. \"Included in your plan\" or \"Paid course (₹4,999): ask your company admin\""),
  })
  .describe("Whether the learner is enrolled in a course, may enroll, or why not")
  .meta({ id: "CourseEnrollmentState" });
export type CourseEnrollmentState = z.infer<typeof courseEnrollmentState>;

export const courseCard = z
  .object({
    courseId: z.string(),
    versionId: z.string().describe("The version the learner takes, or the current version when not enrolled"),
    programId: z.string().nullable().describe("The program the course is taken through; null for a course taken alone"),
    batchId: z.string().nullable().describe("The learner's batch for this course; null when not taken through a batch"),
    courseImage: z.string().nullable().describe("Address of the course's picture"),
    courseName: z.string(),
    description: z.string(),
    slug: z.string(),
    slugId: z.string(),
    domain: domainName,
    videoWatchedDurationInMinutes: minutes.describe("Minutes of the course's videos the learner has watched"),
    videoTotalDurationInMinutes: minutes.describe("Minutes of video in the whole course"),
    totalChaptersInCourse: count,
    completedMcqCount: count.describe("Multiple-choice blocks the learner has completed"),
    totalMcqCount: count.describe("Multiple-choice blocks in the course"),
    completedSubjectiveCount: count.nullable().describe("Essay challenges the learner has submitted; null when the course has none"),
    totalSubjectiveCount: count.nullable().describe("Essay challenges in the course; null when the course has none"),
    courseProgressInPercentage: percent.describe(
      "Progress through the course, 0 to 100: each video counts by the share of it watched (all of it once completed), each challenge once completed; 100 only when everything is completed",
    ),
    courseType: courseType,
    courseStatus: courseStatus.describe("The course list the card belongs to"),
    enrollmentType: enrollmentType,
    enrollmentStartDate: isoDate.nullable().describe("When the learner's enrollment starts; null when not enrolled or not scheduled"),
    isEnrolled: z.boolean(),
    enrollmentState: courseEnrollmentState,
    videoWatchedDurationInSeconds: z.number().int().min(0).describe("Seconds of the course's videos the learner has watched (at most each video's length)"),
    videoTotalDurationInSeconds: z.number().int().min(0).describe("Seconds of video in the whole course"),
    versions: z.array(courseVersionInfo).optional().describe("Every released version of the course; present when more than one exists"),
  })
  .describe("A course as shown on a card in course lists")
  .meta({ id: "CourseCard" });
export type CourseCard = z.infer<typeof courseCard>;

export const bundledProgram = z
  .object({
    programId: z.string(),
    programName: z.string(),
    programImage: z.string().nullable().describe("Address of the program's picture"),
    totalCourses: count,
    batchId: z.string().nullable().describe("The learner's batch for this program; null when the learner is not in one"),
    domain: domainName.nullable(),
    description: z.string(),
    totalCourseDurationInHours: hours.describe("Hours of video across the program's courses"),
    totalCourseDurationInMinutes: minutes.describe("Minutes of video across the program's courses, whole: the length the pages show"),
  })
  .describe("A program: a bundle of courses taken together")
  .meta({ id: "BundledProgram" });
export type BundledProgram = z.infer<typeof bundledProgram>;

export const enrolledProgram = bundledProgram
  .extend({
    progressInPercentage: percent.describe("Share of the program's courses completed, 0 to 100"),
    completedCourses: count,
  })
  .describe("A program the learner is enrolled in, with the learner's progress")
  .meta({ id: "EnrolledProgram" });
export type EnrolledProgram = z.infer<typeof enrolledProgram>;

export const programCourseProgress = z
  .object({
    courseId: z.string(),
    courseName: z.string(),
    courseType: courseType,
    order: count,
    courseProgressInPercentage: percent,
    isCompleted: z.boolean(),
    slugId: z.string().optional().describe("The course's slug id, for its learning-page address (/learn/course/{slugId})"),
    isEnrolled: z.boolean().optional().describe("true when the learner is enrolled in the course; a course not enrolled in counts as not completed"),
    enrollmentStartDate: isoDate.nullable().optional().describe("When the learner's enrollment opens, for a scheduled batch; null when open now or not enrolled"),
    videoTotalDurationInMinutes: minutes.optional().describe("Minutes of video of the version the learner takes, else the current one"),
    completedVideosCount: count.optional(),
    totalVideosCount: count.optional(),
    completedChallengesCount: count.optional().describe("Multiple-choice blocks completed and essays submitted"),
    totalChallengesCount: count.optional().describe("Multiple-choice blocks and essays of the course"),
  })
  .describe("One course of a program with the learner's progress in it");

export const programProgress = z
  .object({
    programId: z.string(),
    programName: z.string(),
    batchId: z.string().nullable().describe("The learner's batch taking the program; null when the learner is in none (then the program cannot be enrolled in)"),
    progressInPercentage: percent.describe("Courses completed over the program's courses, in percent rounded down"),
    completedCourses: count.describe("The program's courses the learner has completed: every video and challenge of the enrolled version"),
    totalCourses: count,
    courses: z.array(programCourseProgress).describe("The program's courses, in the program's order"),
    description: z.string().optional(),
    domain: domainName.nullable().optional(),
    totalCourseDurationInHours: hours.optional().describe("Hours of video across the program's courses"),
    totalCourseDurationInMinutes: minutes.optional().describe("Minutes of video across the program's courses, whole: the length the pages show"),
  })
  .describe("The learner's progress through a program, course by course")
  .meta({ id: "ProgramProgress" });
export type ProgramProgress = z.infer<typeof programProgress>;

export const courseProgress = z
  .object({
    courseId: z.string(),
    versionId: z.string(),
    courseProgressInPercentage: percent,
    videoWatchedDurationInMinutes: minutes,
    videoTotalDurationInMinutes: minutes,
    completedVideosCount: count,
    totalVideosCount: count,
    completedMcqCount: count,
    totalMcqCount: count,
    completedSubjectiveCount: count,
    totalSubjectiveCount: count,
    isCourseCompleted: z.boolean().describe("true when every video and challenge of the course is completed"),
  })
  .describe("The learner's progress in one course")
  .meta({ id: "CourseProgress" });
export type CourseProgress = z.infer<typeof courseProgress>;

// ---------- the video course tree ----------

const videoTreeNodeFields = {
  id: z.string(),
  title: z.string(),
  order: count.describe("Position among its siblings, from 0"),
  emoji: z.string().nullable(),
  slug: z.string(),
  slugId: z.string(),
  videoCompletionState: videoCompletionState.describe(
    "completed when the learner has completed every video below the node; notApplicable when there are none",
  ),
  doesNodeHaveLastVisitedVideo: z.boolean().describe("true when the video the learner watched last lies below this node"),
  videoIds: z.array(z.string()).describe("Ids of the videos below this node, in playing order"),
};

export const videoTreeItem = z
  .object({
    id: z.string(),
    type: contentItemType,
    title: z.string(),
    order: count,
    slug: z.string(),
    slugId: z.string(),
    durationInMinutes: minutes.describe("Length of the video, or time allowed for a challenge"),
    completionState: videoCompletionState.describe("For a video: watched to the end or marked complete. For a challenge: submitted"),
    isLocked: z.boolean().describe("true when the learner may not open the item yet"),
    isLastVisited: z.boolean(),
  })
  .describe("A video, multiple-choice block or essay challenge inside a sub-chapter");
export type VideoTreeItem = z.infer<typeof videoTreeItem>;

export const videoTreeSubChapter = z
  .object({
    ...videoTreeNodeFields,
    type: z.literal("videoCourseSubChapter"),
    items: z.array(videoTreeItem).describe("The sub-chapter's content, in order"),
  })
  .describe("A sub-chapter of a video course");
export type VideoTreeSubChapter = z.infer<typeof videoTreeSubChapter>;

export const videoTreeChapter = z
  .object({
    ...videoTreeNodeFields,
    type: z.literal("videoCourseChapter"),
    subChapters: z.array(videoTreeSubChapter),
  })
  .describe("A chapter of a video course");
export type VideoTreeChapter = z.infer<typeof videoTreeChapter>;

export const videoCourseTree = z
  .object({
    ...videoTreeNodeFields,
    type: z.literal("videoCourse"),
    courseType: courseType,
    versionId: z.string().describe("The version whose tree this is"),
    isEnrolled: z.boolean(),
    courseProgressInPercentage: percent,
    chapters: z.array(videoTreeChapter),
  })
  .describe("A video course as a tree: the course, its chapters, their sub-chapters and the items inside them")
  .meta({ id: "VideoCourseTree" });
export type VideoCourseTree = z.infer<typeof videoCourseTree>;

// ---------- the generic course tree ----------

const treeNodeFields = {
  nodeId: z.string(),
  nodeTitle: z.string(),
  nodeSlug: z.string(),
  sourceType: nodeSourceType,
  sourceId: z.string().describe("Id of the course part, video, block or document the node shows"),
  nodeType: genericNodeType.describe("all for a course part that holds several kinds of content; otherwise the kind of content"),
  courseId: z.string(),
  chapterId: z.string().nullable().describe("The chapter the node lies in; null for the course itself"),
  subChapterId: z.string().nullable().describe("The sub-chapter the node lies in; null above sub-chapters"),
  order: count,
  isLocked: z.boolean(),
  videoCompletionState: videoCompletionState,
  challengeCompletionState: challengeCompletionState,
  progressInPercentage: percent,
};

export const treeNodeSummary = z
  .object(treeNodeFields)
  .describe("A node of the generic course tree, without its children")
  .meta({ id: "TreeNodeSummary" });
export type TreeNodeSummary = z.infer<typeof treeNodeSummary>;

export interface TreeNode extends TreeNodeSummary {
  children: TreeNode[];
}

export const treeNode: z.ZodType<TreeNode> = z
  .object({
    ...treeNodeFields,
    get children(): z.ZodArray<z.ZodType<TreeNode>> {
      return z.array(treeNode);
    },
  })
  .describe("A node of the generic course tree with its children, which are nodes of the same shape")
  .meta({ id: "TreeNode" });

// ---------- what a learning page shows ----------

export const lockReason = z
  .enum(["notEnrolled", "premiumOnly", "notStarted", "accountExpired"])
  .describe(
    "Why content is locked: notEnrolled (not enrolled and not a free preview), premiumOnly (a premium course for a Basic plan, open through a batch), notStarted (the scheduled enrollment has not begun), accountExpired (the batch's access has ended)",
  );
export type LockReason = z.infer<typeof lockReason>;

export const pageData = z
  .object({
    data: z.string().nullable().describe("Reading content shown with the video, as Markdown; null when there is none or it is locked"),
    isPageContentAvailable: z.boolean(),
  })
  .describe("Reading content of a learning page");

export const videoPageData = z
  .object({
    id: z.string().describe("Id of the video"),
    type: learnNodeType.describe("What the page shows; video for a video page"),
    courseId: z.string(),
    versionId: z.string(),
    chapterId: z.string(),
    subChapterId: z.string(),
    courseName: z.string(),
    courseDomain: domainName,
    courseDurationInMinutes: minutes,
    parentTitle: z.string().describe("Title of the sub-chapter the video belongs to"),
    title: z.string(),
    description: z.string(),
    pageId: z.string().nullable().describe("Id of the page's reading content; null when there is none"),
    pageData: pageData,
    isPageLocked: z.boolean().describe("true when the reading content is closed to the learner"),
    isClassLocked: z.boolean().describe("true when the video is closed to the learner; videoLink is then null"),
    toolsCovered: z.array(z.string()),
    isCoverVideoAvailable: z.boolean(),
    coverImage: z.string().nullable(),
    videoProvider: videoProvider,
    videoLink: z
      .string()
      .nullable()
      .describe("What the player plays: a YouTube address, a VdoCipher playback address, or the address of an uploaded file; null when locked"),
    videoDurationInSeconds: count,
    captionsUrl: z.string().nullable(),
    videoCompletionState: videoCompletionState,
    resumeAtSeconds: z.number().min(0).describe("Where the learner stopped last time, 0 when never watched"),
    lockedReason: lockReason
      .nullable()
      .optional()
      .describe("Why the video and its reading content are closed to the learner; null when they are open"),
    enrollmentState: courseEnrollmentState.optional().describe("Where the learner stands with the course: what the locked video offers (enroll, the price, or why not)"),
    vdocipher: z
      .object({
        otp: z.string().describe("One-time password for this playback"),
        playbackInfo: z.string().describe("VdoCipher's playback info that goes with the password"),
        embedUrl: z.string().describe("Address of VdoCipher's player for this playback, to put in an iframe"),
      })
      .nullable()
      .optional()
      .describe("For an open VdoCipher video (videoLink is then its VdoCipher id): the playback credentials; null when they could not be had"),
    videoUnavailableReason: z
      .string()
      .nullable()
      .optional()
      .describe("Why an open video cannot be played here, in words for the learner (e.g. VdoCipher is not configured); null when it can"),
  })
  .describe("Everything the learning page needs to show one video")
  .meta({ id: "VideoPageData" });
export type VideoPageData = z.infer<typeof videoPageData>;

export const documentPageData = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    content: z.string().nullable().describe("The document as Markdown; null when locked"),
    documentUrl: z.string().nullable().describe("Address of an attached file; null when there is none or it is locked"),
    isPageLocked: z.boolean(),
  })
  .describe("A reading document of the generic course tree")
  .meta({ id: "DocumentPageData" });
export type DocumentPageData = z.infer<typeof documentPageData>;

export const breadcrumbItem = z
  .object({
    id: z.string(),
    type: learnNodeType,
    title: z.string(),
    slug: z.string(),
    slugId: z.string(),
  })
  .describe("One step of the path from the course down to the current place");

export const navigationTarget = z
  .object({
    id: z.string(),
    type: learnNodeType,
    title: z.string(),
    slug: z.string(),
    slugId: z.string(),
    courseId: z.string(),
    chapterId: z.string().nullable(),
    subChapterId: z.string().nullable(),
    chapterSlugId: z.string().nullable(),
    subChapterSlugId: z.string().nullable(),
    isLocked: z.boolean(),
  })
  .describe("The place the learner moves to with previous or next");

export const lastVisitedNode = z
  .object({
    courseId: z.string(),
    versionId: z.string(),
    courseSlug: z.string(),
    courseSlugId: z.string(),
    isFirstVisit: z.boolean().describe("true when the learner has not opened the course yet; the other fields then point to its first item"),
    chapterId: z.string().nullable(),
    chapterTitle: z.string().nullable(),
    chapterSlugId: z.string().nullable(),
    subChapterId: z.string().nullable(),
    subChapterSlugId: z.string().nullable(),
    nodeId: z.string().nullable().describe("The video or challenge to open; null when the course has no content yet"),
    nodeType: learnNodeType.nullable(),
    nodeTitle: z.string().nullable(),
    nodeSlugId: z.string().nullable(),
    resumeAtSeconds: z.number().min(0).nullable().describe("For a video: where the learner stopped"),
    lastVisitedAt: isoDate.nullable(),
  })
  .describe("Where the learner left off in a course")
  .meta({ id: "LastVisitedNode" });
export type LastVisitedNode = z.infer<typeof lastVisitedNode>;

// ---------- multiple-choice blocks ----------

export const mcqOption = z
  .object({
    id: z.string(),
    value: z.string().describe("Text of the option"),
    isCorrect: z
      .boolean()
      .nullable()
      .optional()
      .describe("Whether the option is right. Left out until the learner's attempt is completed, so answers stay secret while it runs"),
    isSelectedByUser: z.boolean().nullable().optional().describe("Whether the learner chose the option; left out before an attempt starts"),
  })
  .describe("One option of a multiple-choice question");
export type McqOption = z.infer<typeof mcqOption>;

export const mcqQuestion = z
  .object({
    id: z.string(),
    question: z.string(),
    mark: count.describe("Marks for answering the question right"),
    maxCorrectOptionsCount: z.number().int().min(1).describe("How many options the learner may choose"),
    options: z.array(mcqOption),
  })
  .describe("A multiple-choice question");
export type McqQuestion = z.infer<typeof mcqQuestion>;

/** The fields of a timed challenge (MCQ block or essay) that tell its timing; the server keeps the clock. */
const timedAttempt = {
  durationInMinutes: count.describe("Time allowed for an attempt"),
  startedAt: isoDate.nullable(),
  endsAt: isoDate.nullable().describe("When the running attempt closes by itself; null when none runs"),
  submittedAt: isoDate.nullable(),
  remainingTimeInSeconds: count.nullable().describe("Seconds left in the running attempt, counted by the server; null when none runs"),
  isChallengeLocked: z.boolean().describe("true when the learner may not attempt the challenge yet"),
};

export const mcqBlock = z
  .object({
    ...timedAttempt,
    id: z.string(),
    title: z.string(),
    chapterId: z.string(),
    chapterTitle: z.string(),
    attemptStatus: mcqAttemptStatus,
    totalScore: count.describe("Sum of the marks of all questions"),
    obtainedScore: z.number().min(0).nullable().describe("The learner's score; null until the attempt is completed"),
    closedBy: z
      .enum(["learner", "timeout"])
      .nullable()
      .optional()
      .describe("Who completed the attempt: the learner's submit, or the server when the time ran out; null while it runs"),
    questions: z.array(mcqQuestion).describe("The questions; empty until an attempt starts"),
  })
  .describe("A timed block of multiple-choice questions")
  .meta({ id: "McqBlock" });
export type McqBlock = z.infer<typeof mcqBlock>;

export const mcqBlockState = z
  .object({
    mcqBlockId: z.string(),
    attemptStatus: mcqAttemptStatus,
    remainingTimeInSeconds: count.nullable(),
    endsAt: isoDate.nullable(),
    isChallengeLocked: z.boolean(),
    totalScore: count,
    obtainedScore: z.number().min(0).nullable(),
  })
  .describe("The state of the learner's attempt at a multiple-choice block, without its questions");
export type McqBlockState = z.infer<typeof mcqBlockState>;

// ---------- essay challenges ----------

export const essayCriterion = z
  .object({
    id: z.string(),
    gradingCriteria: z.string().describe("What the grader looks at"),
    description: z.string(),
    marks: count.describe("Most marks the criterion can give"),
    order: count,
    givenMarks: z.number().min(0).nullable().optional().describe("Marks the grader gave; left out until results are received"),
  })
  .describe("One grading criterion of an essay challenge");
export type EssayCriterion = z.infer<typeof essayCriterion>;

export const essayAttachment = z
  .object({
    url: z.string().describe("Address the file is served at, to its author and to graders only"),
    fileName: z.string().describe("The name the learner's file had, for display"),
    sizeBytes: count,
    contentType: z.string().describe("The type found in the file's content"),
  })
  .describe("A file attached to an essay answer")
  .meta({ id: "EssayAttachment" });
export type EssayAttachment = z.infer<typeof essayAttachment>;

export const essayBlock = z
  .object({
    ...timedAttempt,
    id: z.string(),
    title: z.string(),
    question: z.string(),
    description: z.string(),
    referenceDocument: z.string().nullable().describe("Address of a document that helps answer; null when there is none"),
    attemptStatus: essayAttemptStatus,
    totalScore: count.describe("Sum of the marks of all criteria"),
    obtainedScore: z.number().min(0).nullable().describe("The learner's score; null until results are received"),
    criteria: z.array(essayCriterion),
    solutionDocument: z
      .string()
      .nullable()
      .optional()
      .describe("Address of the model answer; left out until results are received, so it stays secret while the learner can still answer"),
    submittedAnswer: z.string().nullable().describe("The learner's answer, or last saved draft; null before the first save"),
    draftVersion: count.describe("Version of the saved draft: 0 before the first save, one more with every save"),
    draftSavedAt: isoDate.nullable().describe("When the server saved the draft last; null before the first save"),
    submissionUploadedFileUrl: z.array(z.string()).describe("Files the learner attached"),
    attachments: z.array(essayAttachment).describe("The attached files with their names and sizes, in the order of submissionUploadedFileUrl"),
    submissionSource: essaySubmissionSource.nullable().describe("How the answer was submitted; timeOut when the time ran out"),
    comment: z.string().nullable().describe("The grader's overall comment; null until results are received"),
  })
  .describe("A timed essay challenge, graded by a person against criteria")
  .meta({ id: "EssayBlock" });
export type EssayBlock = z.infer<typeof essayBlock>;

export const essayBlockState = z
  .object({
    essayBlockId: z.string(),
    attemptStatus: essayAttemptStatus,
    remainingTimeInSeconds: count.nullable(),
    endsAt: isoDate.nullable(),
    isChallengeLocked: z.boolean(),
    totalScore: count,
    obtainedScore: z.number().min(0).nullable(),
  })
  .describe("The state of the learner's attempt at an essay challenge, without its content");
export type EssayBlockState = z.infer<typeof essayBlockState>;

// ---------- essay submissions, as graders see them ----------

export const submissionAssignment = z
  .enum(["unassigned", "pending", "completed"])
  .describe(
    "Where a submission stands for graders: unassigned (submitted, not evaluated, nobody holds a live claim), pending (not evaluated, a grader holds a live claim), completed (evaluated)",
  );
export type SubmissionAssignment = z.infer<typeof submissionAssignment>;

/** Who holds a live claim on a submission; the fields are null when nobody does (or the claim has expired). */
const claimFields = {
  claimedById: z.string().nullable().describe("The grader holding a live claim; null when nobody does"),
  claimedByName: z.string().nullable().describe("Name of the grader holding a live claim; null when nobody does"),
  claimExpiresAt: isoDate.nullable().describe("When the live claim ends unless its holder claims again; null when nobody holds one"),
};

export const submissionListItem = z
  .object({
    submissionId: z.string(),
    name: z.string().describe("Name of the learner who submitted"),
    userId: z.string(),
    email: z.string(),
    courseId: z.string(),
    courseName: z.string(),
    essayBlockId: z.string(),
    question: z.string(),
    isEvaluated: z.boolean(),
    assignment: submissionAssignment,
    submissionFileUrl: z.array(z.string()).describe("Files attached to the answer"),
    submissionSource: essaySubmissionSource,
    submittedAt: isoDate,
    graderName: z.string().nullable().describe("Who graded it, else who holds a live claim on it; null when neither"),
    ...claimFields,
    obtainedScore: z.number().min(0).nullable(),
    totalScore: count,
  })
  .describe("A submitted essay in the graders' list")
  .meta({ id: "SubmissionListItem" });
export type SubmissionListItem = z.infer<typeof submissionListItem>;

export const evaluationCriterion = z
  .object({
    criterionId: z.string(),
    gradingCriteria: z.string(),
    marks: count.describe("Most marks the criterion can give"),
    givenMarks: z.number().min(0),
    comment: z.string().nullable(),
  })
  .describe("The marks given for one criterion");

export const evaluationRecord = z
  .object({
    evaluationId: z.string(),
    graderId: z.string(),
    graderName: z.string(),
    totalScore: count,
    obtainedScore: z.number().min(0),
    evaluatedAt: isoDate.describe("When the evaluation was first saved"),
    updatedAt: isoDate.describe("When the grader last corrected it; equals evaluatedAt until then"),
    criteria: z.array(evaluationCriterion),
    comment: z.string().nullable().describe("The grader's overall comment"),
  })
  .describe("The grading of an essay submission: who graded it, when, and the marks per criterion")
  .meta({ id: "EvaluationRecord" });
export type EvaluationRecord = z.infer<typeof evaluationRecord>;

export const submissionDetails = z
  .object({
    submissionId: z.string(),
    name: z.string().describe("Name of the learner who submitted"),
    userId: z.string(),
    email: z.string(),
    courseId: z.string(),
    courseName: z.string(),
    essayBlockId: z.string(),
    title: z.string().describe("Title of the essay challenge"),
    question: z.string(),
    description: z.string(),
    referenceDocument: z.string().nullable(),
    solutionDocument: z.string().nullable().describe("The model answer, for the grader"),
    submittedAnswer: z.string(),
    essayAttachment: z.array(z.string()).describe("Files attached to the answer"),
    attachments: z.array(essayAttachment).describe("The attached files with their names and sizes, in the order of essayAttachment"),
    submissionSource: essaySubmissionSource,
    submittedAt: isoDate,
    isEvaluated: z.boolean(),
    assignment: submissionAssignment,
    ...claimFields,
    totalScore: count.describe("Sum of the marks of all criteria"),
    obtainedScore: z.number().min(0).nullable().describe("Sum of the marks given; null until evaluated"),
    criteria: z.array(essayCriterion).describe("The criteria in their order, with givenMarks once evaluated"),
    comment: z.string().nullable().describe("The grader's overall comment; null until evaluated"),
    evaluation: evaluationRecord.nullable().describe("The full grading; null until evaluated"),
  })
  .describe("One essay submission with everything needed to grade it")
  .meta({ id: "SubmissionDetails" });
export type SubmissionDetails = z.infer<typeof submissionDetails>;

// ---------- video watching ----------

export const watchDuration = z
  .object({
    timeStamp: z
      .array(z.number().min(0).max(86_400))
      .max(10_000)
      .describe("Positions in the video, in seconds, the player reported since the previous record"),
    totalDuration: z
      .number({ error: "totalDuration must be an integer" })
      .int("totalDuration must be an integer")
      .min(0, "totalDuration must not be negative")
      .max(86_400, "totalDuration is at most 86400")
      .describe("Seconds of the video watched so far, a whole number"),
  })
  .describe("How much of a video was watched");
export type WatchDuration = z.infer<typeof watchDuration>;

export const videoWatchRecord = z
  .object({
    id: z.string(),
    courseId: z.string(),
    versionId: z.string(),
    videoId: z.string(),
    completed: z.boolean().describe("true once the learner has watched enough of the video to count it complete"),
    watchDuration: watchDuration,
    updatedAt: isoDate,
    watchedRanges: z
      .array(z.tuple([z.number().min(0), z.number().min(0)]))
      .optional()
      .describe("The parts of the video really watched, as merged [start, end] ranges in seconds; totalDuration is their length"),
    resumeAtSeconds: z.number().min(0).optional().describe("Where the learner stopped, to resume from"),
  })
  .describe("What the learner has watched of one video")
  .meta({ id: "VideoWatchRecord" });
export type VideoWatchRecord = z.infer<typeof videoWatchRecord>;

// ---------- certificates and achievements ----------

export const certificateShareType = z
  .enum(["course", "program"])
  .describe("The kind of certificate, as its share address spells it: course, or program for a master certificate");

export const certificate = z
  .object({
    certificateUID: z.string().nullable().describe("Public id of the certificate, used in its share link; null until issued"),
    userName: z.string(),
    courseId: z.string().describe("The course, or the program for a master certificate"),
    courseName: z.string(),
    totalCourseDurationInHours: hours,
    totalCourseDurationInMinutes: minutes.describe("Minutes of video of the course or program, whole: the length the pages show"),
    isCourseCompleted: z.boolean().describe("A certificate is issued only once the course is completed"),
    isMasterCertificate: z.boolean().describe("true for a certificate of a whole program"),
    url: z.string().nullable().describe("Address of the certificate's public share page ({site}/certificates/{shareType}/{certificateUID}); null until issued"),
    issuedDate: isoDate.nullable(),
    shareType: certificateShareType.optional(),
    isRevoked: z.boolean().optional().describe("true when the issuer has revoked the certificate: its share page answers 410 and it is no longer valid"),
    progressInPercentage: percent
      .optional()
      .describe("Share of the course (videos and challenges) or of the program (courses) completed, rounded down; 100 once earned"),
    issuerName: z.string().optional().describe("Who issued it: the learner's company when it was issued, else the product; absent until issued"),
  })
  .describe("A certificate of a course or program, issued or still to earn")
  .meta({ id: "Certificate" });
export type Certificate = z.infer<typeof certificate>;

export const certificateCheck = z
  .object({
    name: z.enum(["signature", "issuer", "format", "validity", "status"]),
    passed: z.boolean(),
    message: z.string().describe("What was checked and what was found, in words"),
  })
  .describe("One check of a credential's verification");

export const certificateVerification = z
  .object({
    verified: z.boolean().describe("Every check passed: signature, issuer, format, validity dates and revocation status"),
    checks: z.array(certificateCheck),
    issuerId: z.string().nullable().describe("The issuer's decentralized identifier (did:web), whose published keys signed the credential"),
    keyId: z.string().nullable().describe("The key that signed the credential"),
    checkedAt: isoDate,
  })
  .describe("The verification of a certificate's signed credential, done by the server with the issuer's published keys and status list, as a third party would")
  .meta({ id: "CertificateVerification" });
export type CertificateVerification = z.infer<typeof certificateVerification>;

export const certificateIssuer = z
  .object({
    name: z.string().describe("The issuing company (the learner's), else the product"),
    logoUrl: z.string().nullable(),
    logoDarkUrl: z.string().nullable(),
  })
  .describe("Who issued the certificate, with its branding");

export const publicCertificate = certificate
  .extend({
    certificateUID: z.string(),
    shareType: certificateShareType,
    url: z.string(),
    issuedDate: isoDate,
    issuer: certificateIssuer,
    credentialUrl: z.string().describe("Where the signed Open Badges 3.0 credential (a VC-JWT) is downloaded"),
    verification: certificateVerification,
  })
  .describe("What a certificate's public share page shows, and nothing else: no e-mail, no account id, nothing of other certificates")
  .meta({ id: "PublicCertificate" });
export type PublicCertificate = z.infer<typeof publicCertificate>;

export const certificateStatus = z
  .object({
    certificateUID: z.string(),
    shareType: certificateShareType,
    status: z.enum(["active", "revoked"]),
  })
  .describe("Whether an issued certificate is still valid")
  .meta({ id: "CertificateStatus" });

const publicJwk = z
  .object({ kty: z.string(), crv: z.string().optional(), x: z.string().optional(), kid: z.string(), alg: z.string(), use: z.string() })
  .describe("A public key as a JSON Web Key");

export const issuerJwks = z
  .object({ keys: z.array(publicJwk).describe("The current signing key first, then retired keys still accepted") })
  .describe("The public keys certificate credentials are signed with (JSON Web Key Set)")
  .meta({ id: "IssuerJwks" });

export const issuerDidDocument = z
  .object({
    "@context": z.array(z.string()),
    id: z.string().describe("The issuer's did:web identifier"),
    verificationMethod: z.array(
      z.object({ id: z.string(), type: z.string(), controller: z.string(), publicKeyJwk: z.object({ kty: z.string(), crv: z.string().optional(), x: z.string().optional() }) }),
    ),
    assertionMethod: z.array(z.string()),
  })
  .describe("The issuer's DID document (did:web), publishing the keys certificate credentials are signed with")
  .meta({ id: "IssuerDidDocument" });

export const badge = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().describe("What earns the badge"),
    imageUrl: z.string().nullable(),
    isEarned: z.boolean(),
    earnedAt: isoDate.nullable(),
  })
  .describe("A badge the learner has earned or can earn")
  .meta({ id: "Badge" });
export type Badge = z.infer<typeof badge>;

/** The field an action's answer carries when the action earned badges, so the learner is told once. */
export const newBadgesField = {
  newBadges: z.array(badge).optional().describe("Badges this action earned, to announce to the learner once; absent when it earned none"),
};
export type NewBadges = { newBadges?: Badge[] };

export const domainCount = z
  .object({
    domain: domainName,
    count: count,
  })
  .describe("How many of the learner's courses belong to a domain");

export const learningDay = z
  .object({
    date: z.string().describe("A calendar day in the learner's time zone, YYYY-MM-DD"),
    minutes: count.describe("Whole minutes of video played that day, rewatching included"),
  })
  .describe("Minutes of video the learner played on one day");

export const weeklyLearningTime = z
  .object({
    timeZone: z.string().describe("The IANA time zone the days are counted in"),
    days: z.array(learningDay).describe("The last 7 days, oldest first, ending today"),
    totalMinutes: count.describe("The seven days' minutes added up"),
  })
  .describe(
    "Minutes of video played per day over the last 7 days in the learner's time zone. Counts what the player proved played (seeks excluded) in the quarter hour it was played: rewatching counts again, a resent record does not. Watching recorded before this chart existed is not in it.",
  );
export type WeeklyLearningTime = z.infer<typeof weeklyLearningTime>;

export const submittedChallenge = z
  .object({
    attemptId: z.string(),
    blockId: z.string(),
    type: z.enum(["mcqBlock", "essayBlock"]).describe("A timed multiple-choice block or an essay challenge"),
    title: z.string(),
    courseId: z.string(),
    courseName: z.string(),
    submittedAt: isoDate.describe("When the attempt was submitted, or closed by the server at its deadline"),
    closedBy: z.enum(["learner", "timeout"]).describe("Who ended the attempt: the learner's submit, or the server at the deadline"),
    status: z
      .enum(["completed", "awaitingResults", "resultsReceived"])
      .describe("completed for a multiple-choice block; for an essay, awaitingResults until a grader has marked it"),
    obtainedScore: z.number().nullable().describe("Marks obtained; null while an essay awaits its grade"),
    totalScore: z.number().nullable(),
    learnPath: z.string().describe("Address of the challenge on the learning page"),
  })
  .describe("A challenge the learner has submitted: a completed multiple-choice attempt or a submitted essay")
  .meta({ id: "SubmittedChallenge" });
export type SubmittedChallenge = z.infer<typeof submittedChallenge>;

export const dashboardStats = z
  .object({
    coursesEnrolled: count.describe("Courses the learner is enrolled in (any enrollment: bought, through a batch, scheduled)"),
    coursesCompleted: count.describe("Enrolled courses whose every video and challenge is completed, in the enrolled version"),
    totalHoursLearned: hours.describe(
      "Hours of video really watched: the merged watched ranges of every video (seeks excluded, rewatching counted once), in hours rounded to one decimal",
    ),
    totalSecondsLearned: count.describe("The same time really watched in seconds: what the page shows (a few minutes would round to 0 hours)"),
    totalChallengesSubmitted: count.describe(
      "Multiple-choice attempts completed (by the learner or closed at their deadline) plus essays submitted (any source), in any course",
    ),
    badgesEarned: count.describe("Badges earned; always 0 until badges are awarded"),
    certificatesEarned: count.describe("Certificates issued to the learner (course and master certificates) and not revoked"),
    domainCounts: z.array(domainCount).describe("Enrolled courses per domain, most first; domains without an enrolled course are left out"),
    weeklyLearningTime: weeklyLearningTime.optional(),
    recentChallenges: z
      .array(submittedChallenge)
      .optional()
      .describe("The most recently submitted challenges, newest first, at most 20: the list behind totalChallengesSubmitted"),
  })
  .describe("The learner's figures shown at the top of the dashboard")
  .meta({ id: "DashboardStats" });
export type DashboardStats = z.infer<typeof dashboardStats>;

// ---------- batch, learning path, career services ----------

export const accountStatus = z.enum(["active", "expired"]).describe("active until the account's expiry date, then expired");

export const batchCourseInfo = z
  .object({
    courseId: z.string(),
    courseName: z.string(),
    courseImage: z.string().nullable(),
    courseType: courseType,
    totalCourseDurationInHours: hours,
    totalCourseDurationInMinutes: minutes.describe("Minutes of video, whole: the length the pages show"),
  })
  .describe("A course of the learner's batch");

export const batchDetails = z
  .object({
    isProgramAvailable: z.boolean().describe("true when the learner's batch takes one or more programs; programData is then set"),
    programCount: count,
    courseCount: count,
    totalCourseDurationInHours: hours,
    totalCourseDurationInMinutes: minutes.describe("Minutes of video of the batch's courses, each counted once, whole: the length the pages show"),
    programData: z.array(bundledProgram).nullable().describe("The batch's programs; null when it takes single courses"),
    courseInfo: z.array(batchCourseInfo).nullable().describe("The batch's single courses; null when it takes programs"),
    accountStatus: accountStatus,
    accountExpiryDate: isoDate.nullable().describe("When the learner's access ends; null for no end"),
    daysUntilExpiry: count
      .nullable()
      .optional()
      .describe("Days left before the access ends, counted up (1 when less than a day is left); null when it has no end or has ended"),
    isExpiringSoon: z
      .boolean()
      .optional()
      .describe("true when the access ends within 14 days: the dashboard shows a notice"),
  })
  .describe("What the learner's batch gives access to, and until when")
  .meta({ id: "BatchDetails" });
export type BatchDetails = z.infer<typeof batchDetails>;

export const learningPath = z
  .object({
    isDummyLearningPath: z.boolean().describe("true when the learner has no program; the figures below then describe a sample path to invite enrollment"),
    dummyLearningPathCourseDurationInMinutes: minutes
      .nullable()
      .describe("For a sample path: minutes of video of a typical program (the mean over the programs offered); null otherwise or when none is offered"),
    dummyLearningPathCourseCount: count.nullable().describe("For a sample path: courses in a typical program (the mean over the programs offered, rounded); null otherwise or when none is offered"),
    learningPathProgress: programProgress.nullable().describe("Progress in the requested program; null for a sample path"),
    otherLearningPath: z.array(bundledProgram).describe("The other programs offered, the learner's own first (in path order), then by name"),
  })
  .describe("The learner's path through a program")
  .meta({ id: "LearningPath" });
export type LearningPath = z.infer<typeof learningPath>;

export const csetExamResult = z.enum(["pass", "fail", "yetToStart"]).describe("Result of the career-services eligibility test");

export const careerServicesStats = z
  .object({
    csetExamResult: csetExamResult,
    csetEligibility: z
      .boolean()
      .describe("true when the learner may take the eligibility test: every mandatory course completed, not passed yet, attempts left"),
    availableMockInterviewCount: count,
    availableClientInterview: count,
    offersReceived: count,
    totalAttemptsLeft: count.describe("Eligibility test attempts left"),
    isAllMandatoryCoursesCompleted: z
      .boolean()
      .describe("true when the learner has completed every mandatory course of their programs; false when they take no program"),
    offers: z
      .array(
        z.object({
          company: z.string(),
          role: z.string(),
          receivedAt: isoDate,
        }),
      )
      .optional()
      .describe("The offers behind offersReceived, newest first"),
  })
  .describe("The learner's career-services figures")
  .meta({ id: "CareerServicesStats" });
export type CareerServicesStats = z.infer<typeof careerServicesStats>;

export const careerService = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    isAvailable: z.boolean().describe("true when the learner can use the service now"),
    lockedReason: z.string().nullable().describe("Why the service is not available yet; null when it is"),
  })
  .describe("One career service, such as mock interviews or client interviews");

// ---------- group meetings ----------

export const meeting = z
  .object({
    id: z.string(),
    title: z.string(),
    courseId: z.string().nullable(),
    courseName: z.string().nullable().describe("The course the meeting is about; null for a general meeting"),
    meetingTakerName: z.string(),
    meetingTakerEmail: z.string(),
    startDate: isoDate.describe("When the meeting starts, as a UTC instant (ISO 8601 with Z); shown in the viewer's time zone"),
    endDate: isoDate.describe("When the meeting ends: startDate plus duration"),
    duration: count.describe("Length in minutes"),
    timeZone: z.string().describe("The organiser's IANA time zone, e.g. Europe/Berlin: where the start was planned as a wall-clock time"),
    description: z.string(),
    isRegistered: z.boolean().describe("true when the learner has registered for the meeting"),
    joinLink: z
      .url({ protocol: /^https?$/, error: "joinLink must be a URL" })
      .optional()
      .describe(
        "Address to join the meeting. Present only when it is offered: to a registered learner, from 15 minutes before the start until the end; absent otherwise, and always for past meetings",
      ),
    joinOpensAt: isoDate.describe("From when the join link is offered to registered learners: 15 minutes before the start"),
    order: count,
    rangeType: meetingRange.describe("Whether the meeting is upcoming, live now or past"),
  })
  .describe("A live group session")
  .meta({ id: "Meeting" });
export type Meeting = z.infer<typeof meeting>;

// ---------- field rules shared by writes ----------

/** Writes a client may retry carry this key so a retry is never applied twice. */
export const idempotencyKey = z
  .string({ error: "idempotencyKey must be a string" })
  .min(1, "idempotencyKey must not be empty")
  .max(100, "idempotencyKey is at most 100 characters")
  .optional()
  .describe(
    "A key the client makes up once for a write and sends again unchanged when it retries it; a write whose key was already seen is answered as before and not applied twice",
  );
