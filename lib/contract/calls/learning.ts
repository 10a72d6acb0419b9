import { z } from "zod";
import { defineCall } from "../call";
import { courseType, genericNodeType, isoDate, navigationDirection, successBody, videoCompletionState, videoProvider } from "../common";
import { courseEnrollmentState, learnNodeType } from "../entities/shared";
import { breadcrumbItem, courseProgress, documentPageData, lastVisitedNode, navigationTarget, nodeSourceType, treeNode, treeNodeSummary, videoCourseTree, videoPageData, videoWatchRecord, watchDuration } from "../entities/learning";
import { essayBlock, mcqBlock } from "../entities/challenges";
import { newBadgesField } from "../entities/achievements";
import { idOf, optionalId, pageUrl } from "../fields";

// The learning page: course trees, video pages, navigation, watch progress, likes and the price panel.

export const getLastVisitedNode = defineCall({
  method: "GET",
  group: "/course",
  path: "/getCourseLastChapterData",
  summary: "Where the learner left off in a course, to continue from there.",
  access: "learner",
  errors: ["not_found"],
  query: z.object({ courseId: idOf("courseId") }),
  response: lastVisitedNode,
});

export const resolveCourseSlugs = defineCall({
  method: "GET",
  group: "/course",
  path: "/video/slug/courseIds",
  summary: "Turns the slugs of a learning-page address into the ids of the course, chapter, sub-chapter and item.",
  access: "learner",
  errors: ["not_found"],
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
  access: "learner",
  errors: ["not_found"],
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
  access: "learner",
  errors: ["not_found"],
  query: z.object({ courseId: idOf("courseId") }),
  response: z.record(genericNodeType, z.boolean()).describe("For each node type, true when the course has nodes of that type"),
});

export const getVideoTree = defineCall({
  method: "GET",
  group: "/course",
  path: "/video/tree",
  summary: "A course as a tree of chapters, sub-chapters and items, with the learner's progress.",
  access: "learner",
  errors: ["not_found"],
  query: z.object({ id: idOf("id").describe("Id of the course") }),
  response: videoCourseTree,
});

export const getVideoData = defineCall({
  method: "GET",
  group: "/course",
  path: "/video/data",
  summary:
    "What the learning page shows for a video. For a course, chapter or sub-chapter, the video to continue with inside it. Locked videos come without their link.",
  access: "learner",
  errors: ["not_found"],
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
  access: "learner",
  errors: ["not_found"],
  query: z.object(placeQuery),
  response: z.object({ items: z.array(breadcrumbItem).describe("From the course down to the current node") }),
});

export const getNodeBreadcrumbs = defineCall({
  method: "GET",
  group: "/course",
  path: "/node/breadcrumbs",
  summary: "The path from the course down to a node of the generic course tree.",
  access: "learner",
  errors: ["not_found"],
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

export const navigateVideo = defineCall({
  method: "GET",
  group: "/course",
  path: "/video/navigate",
  summary: "The item before or after the current one in the course, across sub-chapter and chapter ends.",
  access: "learner",
  errors: ["not_found"],
  query: z.object({ ...placeQuery, direction: navigationDirection }),
  response: z.object({
    direction: navigationDirection,
    target: navigationTarget.nullable().describe("Where to go; null at the start or end of the course"),
  }),
});

export const navigateNode = defineCall({
  method: "GET",
  group: "/course",
  path: "/node/navigate",
  summary: "The node before or after the current one in the generic course tree, among nodes of the chosen type.",
  access: "learner",
  errors: ["not_found"],
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

export const markVideoComplete = defineCall({
  method: "POST",
  group: "/course",
  path: "/video/markAsComplete",
  summary: "Marks a video completed without watching it to the end, where the learner's batch allows it.",
  access: "learner",
  errors: ["forbidden", "not_found"],
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
    ...newBadgesField,
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

export const getVideoLike = defineCall({
  method: "GET",
  group: "/course",
  path: "/video/like/status",
  summary: "Whether the learner liked a video.",
  access: "learner",
  errors: ["not_found"],
  query: z.object({ videoNodeId: idOf("videoNodeId"), courseId: idOf("courseId") }),
  response: likeStatus,
});

export const setVideoLike = defineCall({
  method: "POST",
  group: "/course",
  path: "/video/like",
  summary: "Records that the learner likes or dislikes a video, or takes the opinion back.",
  access: "learner",
  errors: ["forbidden", "not_found"],
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

export const getVideoTimestamps = defineCall({
  method: "GET",
  group: "/course",
  path: "/getVideoTimestamp",
  summary: "Where the learner stopped in each video of a course they have started.",
  access: "learner",
  errors: ["not_found"],
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

export const getVideoCompleteStatus = defineCall({
  method: "GET",
  group: "/course",
  path: "/course/video/complete/status",
  summary: "Whether the learner has completed a video.",
  access: "learner",
  errors: ["not_found"],
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

export const getCourseProgress = defineCall({
  method: "GET",
  group: "/course",
  path: "/video/progress",
  summary: "The learner's progress in a course.",
  access: "learner",
  errors: ["not_found"],
  query: z.object({ courseId: idOf("courseId") }),
  response: courseProgress,
});

export const getManualCompletion = defineCall({
  method: "GET",
  group: "/course",
  path: "/enableManualVideoCompletion",
  summary: "Whether the learner's batch lets learners mark videos completed by hand.",
  access: "learner",
  errors: ["not_found"],
  query: z.object({
    batchId: optionalId("batchId"),
    courseId: optionalId("courseId").describe("Without batchId: answer for the batch through which the learner takes this course"),
  }),
  response: z.object({ enableManualVideoCompletion: z.boolean() }),
});

export const getRedirectionNodeKey = defineCall({
  method: "POST",
  group: "/course",
  path: "/getRedirectionNodeKey",
  summary: "The node of a course to open for a node type: where the learner left off, else the first node of that type.",
  access: "learner",
  errors: ["not_found"],
  status: 201,
  body: z.object({ nodeType: genericNodeType, courseId: idOf("courseId") }),
  response: z.object({
    redirectionNodeKey: z.string().nullable().describe("Id of the node to open; null when the course has no node of that type"),
  }),
});

export const getCourseOffer = defineCall({
  method: "GET",
  group: "/course",
  path: "/video/mini",
  summary: "The price and names shown when the learner opens a course they have not bought.",
  access: "learner",
  errors: ["not_found"],
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
      .describe("true when enrolling will succeed (enrollmentState.status is canEnroll); offer enrollment instead of the price then"),
    enrollmentState: courseEnrollmentState,
    purchaseRequest: z
      .object({
        status: z.enum(["open", "granted", "declined"]),
        requestedAt: z.string().describe("When the learner last asked (ISO 8601)"),
        answeredAt: z.string().nullable().describe("When an administrator answered (ISO 8601); null while open"),
        note: z.string().nullable().describe("The administrator's note with a decline"),
      })
      .nullable()
      .optional()
      .describe("The learner's own request to buy this course and its answer; null when they never asked"),
  }),
});

export const recordPurchaseIntent = defineCall({
  method: "POST",
  group: "/course",
  path: "/video/purchaseCallback",
  summary: "Records that the learner wants to buy a course, so the sales team can call back.",
  access: "learner",
  errors: ["not_found"],
  body: z.object({
    id: idOf("id").describe("Id of the course"),
    name: z.string().trim().min(1, "name is required").max(300).describe("Name of the course"),
    price: z.number({ error: "price must be a number" }).min(0).nullable().optional(),
    pageUrl,
  }),
  response: successBody,
});

export const recordVideoWatch = defineCall({
  method: "POST",
  group: "/user",
  path: "/addVideoWatchRecord",
  summary:
    "Records how much of a video the learner has watched. Sent every few seconds while a video plays and when the page is hidden; a video counts complete once enough of it is watched.",
  access: "learner",
  idempotent: true,
  errors: ["forbidden", "not_found"],
  body: z.object({
    batchId: idOf("batchId").nullable().optional(),
    courseId: idOf("courseId"),
    versionId: idOf("versionId"),
    videoId: idOf("videoId"),
    videoSrc: z.string().max(2000, "videoSrc is at most 2000 characters").optional().describe("What the player played"),
    videoProvider: videoProvider.optional(),
    watchDuration: watchDuration,
    recordedAt: z.iso
      .datetime({ offset: true, error: "recordedAt must be an ISO 8601 date and time" })
      .optional()
      .describe("When the client made the record, by its clock; a record that arrives after a newer one does not move the resume position back"),
  }),
  response: videoWatchRecord.extend(newBadgesField),
});

export const getNodeTree = defineCall({
  method: "GET",
  group: "/node",
  path: "/tree",
  summary: "A course as a generic tree of nodes, keeping only the branches that hold nodes of the chosen type.",
  access: "learner",
  errors: ["not_found"],
  query: z.object({
    nodeType: genericNodeType.default("all").describe("Keep only nodes of this type (all keeps every node)"),
    courseId: idOf("courseId"),
  }),
  response: z
    .object({
      courseId: z.string(),
      courseName: z.string(),
      nodeType: genericNodeType,
      progressInPercentage: z.number().min(0).max(100),
      nodes: z.array(treeNode).describe("The top-level nodes (chapters), each with its children"),
    })
    .describe("The generic tree of a course"),
});

export const getNodeData = defineCall({
  method: "GET",
  group: "/node",
  path: "/data",
  summary:
    "What the learning page shows for a node of the generic tree. A course part opens the item to continue with inside it. Answers stay secret until an attempt is completed.",
  access: "learner",
  errors: ["not_found"],
  query: z.object({
    nodeType: genericNodeType.optional(),
    nodeId: idOf("nodeId"),
    sourceType: nodeSourceType.optional().describe("Kind of the node's content, when known"),
    courseId: idOf("courseId"),
    chapterId: idOf("chapterId").optional(),
    subChapterId: idOf("subChapterId").optional(),
  }),
  response: z
    .discriminatedUnion("sourceType", [
      z.object({ sourceType: z.literal("video"), node: treeNodeSummary, data: videoPageData }),
      z.object({ sourceType: z.literal("mcqBlock"), node: treeNodeSummary, data: mcqBlock }),
      z.object({ sourceType: z.literal("essayBlock"), node: treeNodeSummary, data: essayBlock }),
      z.object({ sourceType: z.literal("document"), node: treeNodeSummary, data: documentPageData }),
    ])
    .describe("The node opened and its content; sourceType tells which shape data has"),
});
