import { z } from "zod";
import { defineCall } from "../call";
import {
  courseType,
  domainName,
  durationFilter,
  genericNodeType,
  isoDate,
  navigationDirection,
  pageParams,
  paginated,
  queryArray,
  successBody,
  textFlag,
  assignmentFilter,
  mcqAttemptStatus,
  videoCompletionState,
  videoProvider,
} from "../common";
import {
  breadcrumbItem,
  bundledProgram,
  certificate,
  courseCard,
  courseProgress,
  essayBlock,
  essayBlockState,
  idempotencyKey,
  learnNodeType,
  lastVisitedNode,
  mcqBlock,
  mcqBlockState,
  navigationTarget,
  nodeSourceType,
  programProgress,
  treeNodeSummary,
  submissionDetails,
  submissionListItem,
  videoCourseTree,
  videoPageData,
} from "../entities";

// ---------- shared field rules ----------

const searchText = z.string().trim().max(200, "searchText is at most 200 characters").optional().describe("Words to look for in names");
const idOf = (name: string) => z.string({ error: `${name} must be a string` }).min(1, `${name} is required`).max(100, `${name} is too long`);
const optionalId = (name: string) => idOf(name).optional();
const lookupLimit = z.coerce
  .number()
  .int("limit must be an integer")
  .min(1, "limit must be at least 1")
  .max(100, "limit is at most 100")
  .default(20)
  .describe("Most entries to return");
const pageUrl = z.string().max(2000, "pageUrl is at most 2000 characters").optional().describe("Address of the page the learner acts from");
const nodeTypeOfPage = learnNodeType.optional().describe("Kind of the learning-page node the block is shown on");
const nodeIdOfPage = optionalId("id").describe("Id of the learning-page node the block is shown on");

// ---------- course lists ----------

export const getProgramCount = defineCall({
  method: "GET",
  group: "/course",
  path: "/program/count",
  summary: "How many courses and programs each of the learner's course lists holds.",
  auth: true,
  query: z.object({ searchText }),
  response: z
    .object({
      onProgressCount: z.number().int().min(0).describe("Courses the learner has started and not completed"),
      allCount: z.number().int().min(0).describe("Courses the learner can see"),
      bundledCount: z.number().int().min(0).describe("Programs the learner can see"),
    })
    .describe("Sizes of the course lists, matching searchText when given"),
});

export const getProgramCoursesOnProgress = defineCall({
  method: "GET",
  group: "/course",
  path: "/program/courses/onProgress",
  summary: "The courses the learner has started and not completed, a page at a time.",
  auth: true,
  query: z.object({ searchText, duration: durationFilter.optional(), ...pageParams }),
  response: paginated(courseCard),
});

export const getProgramCoursesAll = defineCall({
  method: "GET",
  group: "/course",
  path: "/program/courses/all",
  summary: "Every course the learner can see, enrolled or not, a page at a time.",
  auth: true,
  query: z.object({ searchText, domain: domainName.optional(), duration: durationFilter.optional(), ...pageParams }),
  response: paginated(courseCard),
});

export const getProgramCoursesBundled = defineCall({
  method: "GET",
  group: "/course",
  path: "/program/courses/bundled",
  summary: "The programs (bundles of courses) the learner can see.",
  auth: true,
  query: z.object({ searchText, domain: domainName.optional() }),
  response: z.array(bundledProgram),
});

export const getProgramCoursesBundledId = defineCall({
  method: "GET",
  group: "/course",
  path: "/program/courses/bundledId",
  summary: "One program and its courses, a page at a time.",
  auth: true,
  query: z.object({
    programId: idOf("programId"),
    batchId: optionalId("batchId"),
    searchText,
    duration: durationFilter.optional(),
    domain: domainName.optional(),
    ...pageParams,
  }),
  response: paginated(courseCard).extend({ program: bundledProgram }).describe("The program, with a page of its courses"),
});

export const getCourseLastChapterData = defineCall({
  method: "GET",
  group: "/course",
  path: "/getCourseLastChapterData",
  summary: "Where the learner left off in a course, to continue from there.",
  auth: true,
  query: z.object({ courseId: idOf("courseId") }),
  response: lastVisitedNode,
});

// ---------- enrollment ----------

export const createEnrollment = defineCall({
  method: "POST",
  group: "/course",
  path: "/createEnrollment",
  summary: "Enrolls the learner in a course they may take. Enrolling twice changes nothing.",
  auth: true,
  body: z.object({ courseId: idOf("courseId") }),
  response: successBody,
});

const batchEnrollmentBody = z.object({
  batchId: idOf("batchId"),
  courseId: idOf("courseId"),
  versionId: idOf("versionId"),
});

export const postProgramAutoEnrollment = defineCall({
  method: "POST",
  group: "/course",
  path: "/program/autoEnrollment",
  summary: "Enrolls the learner at once in a version of a course of their batch.",
  auth: true,
  body: batchEnrollmentBody,
  response: successBody,
});

export const postProgramScheduleEnrollment = defineCall({
  method: "POST",
  group: "/course",
  path: "/program/scheduleEnrollment",
  summary: "Schedules the learner's enrollment in a version of a course of their batch, from the batch's start date.",
  auth: true,
  body: batchEnrollmentBody,
  response: successBody,
});

export const postProgramRemoveDuplicate = defineCall({
  method: "POST",
  group: "/course",
  path: "/program/remove/duplicate",
  summary: "Drops from a list of courses those the learner already has through a program, so no course is offered twice.",
  auth: true,
  body: z
    .union([
      z.array(idOf("courseId")).max(200, "at most 200 courses"),
      z.array(z.object({ courseId: idOf("courseId") })).max(200, "at most 200 courses"),
      z.object({ courseIds: z.array(idOf("courseId")).max(200, "at most 200 courses") }),
    ])
    .transform((v) => (Array.isArray(v) ? v.map((x) => (typeof x === "string" ? x : x.courseId)) : v.courseIds))
    .describe("The course ids: a JSON array of ids, an array of {courseId}, or {courseIds: [...]}"),
  response: z.object({
    courseIds: z.array(z.string()).describe("The given course ids, without those the learner already has through a program, in the given order"),
  }),
});

export const postProgramEnrollment = defineCall({
  method: "POST",
  group: "/course",
  path: "/program/enrollment",
  summary: "Enrolls the learner in a program of their batch, and so in the program's courses.",
  auth: true,
  body: z.object({ batchId: idOf("batchId"), bundleId: idOf("bundleId").describe("Id of the program") }),
  response: successBody,
});

// ---------- the video course ----------

export const getVideoSlugCourseIds = defineCall({
  method: "GET",
  group: "/course",
  path: "/video/slug/courseIds",
  summary: "Turns the slugs of a learning-page address into the ids of the course, chapter, sub-chapter and item.",
  auth: true,
  query: z.object({
    videoCourseSlugId: idOf("videoCourseSlugId").describe("Slug id of the course"),
    chapterSlugId: optionalId("chapterSlugId"),
    subChapterSlugId: optionalId("subChapterSlugId"),
    nodeSlugId: optionalId("nodeSlugId").describe("Slug id of a video or challenge inside the sub-chapter"),
    batchId: optionalId("batchId"),
  }),
  response: z
    .object({
      courseId: z.string(),
      versionId: z.string(),
      courseSlug: z.string(),
      chapterId: z.string().nullable(),
      subChapterId: z.string().nullable(),
      nodeId: z.string().nullable(),
      nodeType: learnNodeType.nullable(),
      batchId: z.string().nullable(),
      isEnrolled: z.boolean(),
    })
    .describe("Ids for the slugs given; null for a slug not given"),
});

export const getVideoPlaylist = defineCall({
  method: "GET",
  group: "/course",
  path: "/video/playlist",
  summary: "The videos of a course in playing order.",
  auth: true,
  query: z.object({ videoCourseId: idOf("videoCourseId"), batchId: optionalId("batchId") }),
  response: z.object({
    courseId: z.string(),
    courseName: z.string(),
    videos: z.array(
      z
        .object({
          id: z.string(),
          title: z.string(),
          slug: z.string(),
          slugId: z.string(),
          chapterId: z.string(),
          subChapterId: z.string(),
          durationInSeconds: z.number().int().min(0),
          coverImage: z.string().nullable(),
          videoCompletionState: videoCompletionState,
          isLocked: z.boolean(),
        })
        .describe("A video of the playlist"),
    ),
  }),
});

export const getTreeStats = defineCall({
  method: "GET",
  group: "/course",
  path: "/tree/stats",
  summary: "Which kinds of content a course holds, to show only the tabs that have something.",
  auth: true,
  query: z.object({ courseId: idOf("courseId") }),
  response: z.record(genericNodeType, z.boolean()).describe("For each node type, true when the course has nodes of that type"),
});

export const getVideoTree = defineCall({
  method: "GET",
  group: "/course",
  path: "/video/tree",
  summary: "A course as a tree of chapters, sub-chapters and items, with the learner's progress.",
  auth: true,
  query: z.object({ id: idOf("id").describe("Id of the course") }),
  response: videoCourseTree,
});

export const getVideoData = defineCall({
  method: "GET",
  group: "/course",
  path: "/video/data",
  summary:
    "What the learning page shows for a video. For a course, chapter or sub-chapter, the video to continue with inside it. Locked videos come without their link.",
  auth: true,
  query: z.object({
    id: idOf("id").describe("Id of the node opened"),
    type: learnNodeType,
    courseId: idOf("courseId"),
    chapterId: optionalId("chapterId"),
    subChapterId: optionalId("subChapterId"),
  }),
  response: videoPageData,
});

const placeQuery = {
  courseId: idOf("courseId"),
  id: idOf("id").describe("Id of the current node"),
  type: learnNodeType.describe("Kind of the current node"),
};

export const getVideoBreadcrumb = defineCall({
  method: "GET",
  group: "/course",
  path: "/video/breadcrumb",
  summary: "The path from the course down to a node of the video tree.",
  auth: true,
  query: z.object(placeQuery),
  response: z.object({ items: z.array(breadcrumbItem).describe("From the course down to the current node") }),
});

export const getNodeBreadcrumbs = defineCall({
  method: "GET",
  group: "/course",
  path: "/node/breadcrumbs",
  summary: "The path from the course down to a node of the generic course tree.",
  auth: true,
  query: z.object({ courseId: idOf("courseId"), nodeId: idOf("nodeId") }),
  response: z.object({
    items: z
      .array(
        z
          .object({ nodeId: z.string(), nodeTitle: z.string(), nodeSlug: z.string(), sourceType: nodeSourceType })
          .describe("One step of the path"),
      )
      .describe("From the course down to the current node"),
  }),
});

export const getVideoNavigate = defineCall({
  method: "GET",
  group: "/course",
  path: "/video/navigate",
  summary: "The item before or after the current one in the course, across sub-chapter and chapter ends.",
  auth: true,
  query: z.object({ ...placeQuery, direction: navigationDirection }),
  response: z.object({
    direction: navigationDirection,
    target: navigationTarget.nullable().describe("Where to go; null at the start or end of the course"),
  }),
});

export const getNodeNavigate = defineCall({
  method: "GET",
  group: "/course",
  path: "/node/navigate",
  summary: "The node before or after the current one in the generic course tree, among nodes of the chosen type.",
  auth: true,
  query: z.object({
    courseId: idOf("courseId"),
    nodeId: idOf("nodeId"),
    nodeType: genericNodeType.default("all").describe("Move only among nodes of this type"),
    direction: navigationDirection,
  }),
  response: z.object({
    direction: navigationDirection,
    target: treeNodeSummary
      .nullable()
      .describe("Where to go; null at the start or end of the course"),
  }),
});

export const postVideoMarkAsComplete = defineCall({
  method: "POST",
  group: "/course",
  path: "/video/markAsComplete",
  summary: "Marks a video completed without watching it to the end, where the learner's batch allows it.",
  auth: true,
  body: z.object({
    courseId: idOf("courseId"),
    videoId: idOf("videoId"),
    videoSource: z.string().max(2000).optional(),
    videoProvider: videoProvider.optional(),
    chapterId: optionalId("chapterId"),
    subChapterId: optionalId("subChapterId"),
  }),
  response: successBody.extend({
    videoCompletionState: videoCompletionState,
    courseProgressInPercentage: z.number().min(0).max(100),
  }),
});

const likeStatus = z
  .object({
    videoNodeId: z.string(),
    isLiked: z.boolean().nullable().describe("true liked, false disliked, null no opinion given"),
    likeCount: z.number().int().min(0),
    dislikeCount: z.number().int().min(0),
  })
  .describe("The learner's opinion of a video, and everyone's counts");

export const getVideoLikeStatus = defineCall({
  method: "GET",
  group: "/course",
  path: "/video/like/status",
  summary: "Whether the learner liked a video.",
  auth: true,
  query: z.object({ videoNodeId: idOf("videoNodeId"), courseId: idOf("courseId") }),
  response: likeStatus,
});

export const postVideoLike = defineCall({
  method: "POST",
  group: "/course",
  path: "/video/like",
  summary: "Records that the learner likes or dislikes a video, or takes the opinion back.",
  auth: true,
  body: z.object({
    courseId: idOf("courseId"),
    currentId: optionalId("currentId").describe("Id of the node open on the learning page"),
    videoNodeId: idOf("videoNodeId"),
    videoSource: z.string().max(2000).optional(),
    videoProvider: videoProvider.optional(),
    isLiked: z.boolean({ error: "isLiked must be true, false or null" }).nullable().describe("true like, false dislike, null take back"),
    type: learnNodeType.optional(),
  }),
  response: likeStatus,
});

export const getVideoTimestamp = defineCall({
  method: "GET",
  group: "/course",
  path: "/getVideoTimestamp",
  summary: "Where the learner stopped in each video of a course they have started.",
  auth: true,
  query: z.object({ courseId: idOf("courseId") }),
  response: z.object({
    courseId: z.string(),
    videos: z.array(
      z
        .object({
          videoId: z.string(),
          versionId: z.string(),
          lastTimeStamp: z.number().min(0).describe("Last position reported, in seconds"),
          totalDuration: z.number().int().min(0).describe("Seconds watched"),
          completed: z.boolean(),
          updatedAt: isoDate,
        })
        .describe("The learner's place in one video"),
    ),
  }),
});

export const getCourseVideoCompleteStatus = defineCall({
  method: "GET",
  group: "/course",
  path: "/course/video/complete/status",
  summary: "Whether the learner has completed a video.",
  auth: true,
  query: z.object({ videoId: idOf("videoId"), courseId: idOf("courseId"), versionId: optionalId("versionId") }),
  response: z.object({
    videoId: z.string(),
    courseId: z.string(),
    versionId: z.string(),
    completed: z.boolean(),
    videoCompletionState: videoCompletionState,
    watchedDurationInSeconds: z.number().int().min(0),
  }),
});

export const getVideoProgress = defineCall({
  method: "GET",
  group: "/course",
  path: "/video/progress",
  summary: "The learner's progress in a course.",
  auth: true,
  query: z.object({ courseId: idOf("courseId") }),
  response: courseProgress,
});

export const getCourseBundleProgress = defineCall({
  method: "GET",
  group: "/course",
  path: "/course/bundle/progress",
  summary: "The learner's progress in a program, course by course.",
  auth: true,
  query: z.object({ batchId: optionalId("batchId"), bundleId: idOf("bundleId").describe("Id of the program") }),
  response: programProgress,
});

export const getEnableManualVideoCompletion = defineCall({
  method: "GET",
  group: "/course",
  path: "/enableManualVideoCompletion",
  summary: "Whether the learner's batch lets learners mark videos completed by hand.",
  auth: true,
  query: z.object({
    batchId: optionalId("batchId"),
    courseId: optionalId("courseId").describe("Without batchId: answer for the batch through which the learner takes this course"),
  }),
  response: z.object({ enableManualVideoCompletion: z.boolean() }),
});

// ---------- multiple-choice blocks ----------

const mcqBlockQuery = z.object({
  courseId: idOf("courseId"),
  mcqBlockId: idOf("mcqBlockId"),
  type: nodeTypeOfPage,
  id: nodeIdOfPage,
});

export const getMcqBlockData = defineCall({
  method: "GET",
  group: "/course",
  path: "/video/mcqBlock/data",
  summary: "A multiple-choice block with the learner's attempt. Right answers come only once the attempt is completed.",
  auth: true,
  query: mcqBlockQuery,
  response: mcqBlock,
});

export const getMcqBlockState = defineCall({
  method: "GET",
  group: "/course",
  path: "/video/mcqBlockState",
  summary: "The state of the learner's attempt at a multiple-choice block, and the time left.",
  auth: true,
  query: z.object({ mcqBlockId: idOf("mcqBlockId"), courseId: optionalId("courseId") }),
  response: mcqBlockState,
});

const mcqBlockActionBody = z.object({
  courseId: idOf("courseId"),
  pageUrl,
  mcqBlockId: idOf("mcqBlockId"),
  type: nodeTypeOfPage,
  id: nodeIdOfPage,
});

export const postMcqBlockStart = defineCall({
  method: "POST",
  group: "/course",
  path: "/video/mcqBlock/start",
  summary: "Starts the learner's timed attempt at a multiple-choice block; starting a running attempt again returns it unchanged.",
  auth: true,
  body: mcqBlockActionBody,
  response: mcqBlock,
});

export const postMcqBlockSubmit = defineCall({
  method: "POST",
  group: "/course",
  path: "/video/mcqBlock/submit",
  summary: "Completes the learner's attempt at a multiple-choice block and scores it; the answer returns the results.",
  auth: true,
  body: mcqBlockActionBody,
  response: mcqBlock,
});

export const postMcqAnswer = defineCall({
  method: "POST",
  group: "/course",
  path: "/video/mcq/answer",
  summary: "Saves the learner's choice for one question of a running attempt, replacing any earlier choice.",
  auth: true,
  body: z.object({
    courseId: idOf("courseId"),
    mcqBlockId: idOf("mcqBlockId"),
    mcq: idOf("mcq").describe("Id of the question answered"),
    selectedOptionIds: z.array(idOf("selectedOptionIds")).max(50, "at most 50 options").describe("The options chosen; empty clears the answer"),
    type: nodeTypeOfPage,
    idempotencyKey,
  }),
  response: successBody.extend({
    attemptStatus: mcqAttemptStatus,
    remainingTimeInSeconds: z.number().int().min(0).nullable(),
  }),
});

// ---------- essay challenges ----------

const essayBlockQuery = z.object({
  courseId: idOf("courseId"),
  essayBlockId: idOf("essayBlockId"),
  type: nodeTypeOfPage,
  id: nodeIdOfPage,
});

export const getEssayBlockData = defineCall({
  method: "GET",
  group: "/course",
  path: "/video/essayBlock/data",
  summary: "An essay challenge with the learner's attempt. The model answer and marks come only with the results.",
  auth: true,
  query: essayBlockQuery,
  response: essayBlock,
});

export const getEssayBlockState = defineCall({
  method: "GET",
  group: "/course",
  path: "/video/essayBlockState",
  summary: "The state of the learner's attempt at an essay challenge, and the time left.",
  auth: true,
  query: z.object({ essayBlockId: idOf("essayBlockId"), courseId: optionalId("courseId") }),
  response: essayBlockState,
});

export const postEssayBlockStart = defineCall({
  method: "POST",
  group: "/course",
  path: "/video/essayBlock/start",
  summary: "Starts the learner's timed attempt at an essay challenge; starting a running attempt again returns it unchanged.",
  auth: true,
  body: z.object({
    courseId: idOf("courseId"),
    pageUrl,
    essayBlockId: idOf("essayBlockId"),
    type: nodeTypeOfPage,
    id: nodeIdOfPage,
  }),
  response: essayBlock,
});

export const postEssayBlockSubmit = defineCall({
  method: "POST",
  group: "/course",
  path: "/video/essayBlock/submit",
  summary:
    "Saves the learner's essay. A draft (isFinalSubmission false) can be saved again while time remains; a final submission ends the attempt and sends it for grading.",
  auth: true,
  body: z.object({
    essayBlockId: idOf("essayBlockId"),
    courseId: idOf("courseId"),
    essayAnswer: z.string({ error: "essayAnswer must be a string" }).max(50_000, "essayAnswer is at most 50000 characters"),
    submissionUploadedFileUrl: z
      .array(z.string().min(1).max(2000, "a file address is at most 2000 characters"))
      .max(10, "at most 10 files")
      .default([])
      .describe("Addresses of files the learner uploaded for the answer"),
    isFinalSubmission: z.boolean({ error: "isFinalSubmission must be true or false" }),
    type: nodeTypeOfPage,
    id: nodeIdOfPage,
    isBootcamp: textFlag.optional().describe("Text flag, true when it equals 'true' whatever its case"),
    idempotencyKey,
  }),
  response: essayBlock,
});

// ---------- grading essays ----------

const lookupQuery = z.object({ limit: lookupLimit, searchText });

export const getCourseEssayUser = defineCall({
  method: "GET",
  group: "/course",
  path: "/course/essay/user",
  summary: "Learners who submitted essays, to filter the graders' list. For graders only.",
  auth: true,
  query: lookupQuery,
  response: z.array(z.object({ id: z.string(), name: z.string(), email: z.string() }).describe("A learner")),
});

export const getCourseEssayCourse = defineCall({
  method: "GET",
  group: "/course",
  path: "/course/essayCourse",
  summary: "Courses that have essay challenges, to filter the graders' list. For graders only.",
  auth: true,
  query: lookupQuery,
  response: z.array(z.object({ id: z.string(), name: z.string() }).describe("A course")),
});

export const getAccountName = defineCall({
  method: "GET",
  group: "/course",
  path: "/account/name",
  summary: "Customer accounts (companies) whose learners submitted essays, to filter the graders' list. For graders only.",
  auth: true,
  query: lookupQuery,
  response: z.array(z.object({ id: z.string(), name: z.string() }).describe("A customer account")),
});

export const getCourseSubmission = defineCall({
  method: "GET",
  group: "/course",
  path: "/course/submission",
  summary: "Submitted essays, newest first, a page at a time. For graders only.",
  auth: true,
  query: z.object({
    ...pageParams,
    courseIds: queryArray(idOf("courseIds")).describe("Only essays of these courses; sent as courseIds[]"),
    userIds: queryArray(idOf("userIds")).describe("Only essays of these learners; sent as userIds[]"),
    status: assignmentFilter.default("all").describe("unassigned: no grader yet; pending: not evaluated; completed: evaluated; all"),
  }),
  response: paginated(submissionListItem),
});

export const getCourseSubmissionDetails = defineCall({
  method: "GET",
  group: "/course",
  path: "/course/submission/details",
  summary: "One submitted essay with everything needed to grade it. For graders only.",
  auth: true,
  query: z.object({ submissionId: idOf("submissionId") }),
  response: submissionDetails,
});

// ---------- certificates ----------

export const getCertificates = defineCall({
  method: "GET",
  group: "/course",
  path: "/getCertificates",
  summary: "The learner's certificates, issued and still to earn.",
  auth: true,
  response: z.array(certificate),
});

export const getCertificateById = defineCall({
  method: "GET",
  group: "/course",
  path: "/getCertificateById",
  summary: "One issued certificate, by the public id in its share link.",
  auth: true,
  query: z.object({ certificateUID: idOf("certificateUID") }),
  response: certificate,
});

// ---------- the generic course tree ----------

export const getRedirectionNodeKey = defineCall({
  method: "POST",
  group: "/course",
  path: "/getRedirectionNodeKey",
  summary: "The node of a course to open for a node type: where the learner left off, else the first node of that type.",
  auth: true,
  status: 201,
  body: z.object({ nodeType: genericNodeType, courseId: idOf("courseId") }),
  response: z.object({
    redirectionNodeKey: z.string().nullable().describe("Id of the node to open; null when the course has no node of that type"),
  }),
});

// ---------- buying a course ----------

export const getVideoMini = defineCall({
  method: "GET",
  group: "/course",
  path: "/video/mini",
  summary: "The price and names shown when the learner opens a course they have not bought.",
  auth: true,
  query: z.object({ courseId: idOf("courseId"), currentId: optionalId("currentId"), type: learnNodeType.optional() }),
  response: z.object({
    courseId: z.string(),
    courseName: z.string(),
    currentName: z.string().nullable().describe("Title of the node the learner opened"),
    parentName: z.string().nullable().describe("Title of the chapter that holds it"),
    price: z.number().min(0).nullable().describe("Price in the currency's main unit; null when the course is not sold alone"),
    currency: z.string().describe("ISO 4217 code, e.g. INR"),
    isPurchased: z.boolean(),
    courseType: courseType,
    canEnroll: z
      .boolean()
      .optional()
      .describe("true when the learner may enroll without buying (a course of one of their batches, or a free course); offer enrollment instead of the price then"),
  }),
});

export const postVideoPurchaseCallback = defineCall({
  method: "POST",
  group: "/course",
  path: "/video/purchaseCallback",
  summary: "Records that the learner wants to buy a course, so the sales team can call back.",
  auth: true,
  body: z.object({
    id: idOf("id").describe("Id of the course"),
    name: z.string().trim().min(1, "name is required").max(300).describe("Name of the course"),
    price: z.number({ error: "price must be a number" }).min(0).nullable().optional(),
    pageUrl,
  }),
  response: successBody,
});
