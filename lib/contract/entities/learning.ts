import { z } from "zod";
import { courseType, domainName, genericNodeType, isoDate, videoCompletionState, videoProvider } from "../common";
import { percent, count, minutes, learnNodeType, courseEnrollmentState, stillNeededItem } from "./shared";

// The learning page: course trees, what a page shows, moving between places, watching videos and
// the learner's progress in a course.
//
// Entities of spec section 3 (the user profile lives in ../user). Ids are strings, dates ISO 8601
// strings. Schemas with an `id` in their metadata become named components of the API description.

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
  .describe("completed when every challenge (multiple-choice block or essay) of the node is passed (docs/completion.md); notApplicable when it has none");

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
    isCourseCompleted: z.boolean().describe("true when every video of the course is completed and every challenge passed"),
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
    stillNeeded: z
      .array(stillNeededItem)
      .optional()
      .describe("What the learner still has to do to complete the course, in course order; empty once complete, absent when not enrolled"),
    chapters: z.array(videoTreeChapter),
    scormItems: z
      .array(
        z.object({
          id: z.string().describe("The SCORM item: open it with openScormItem, play it on /learn/scorm/{id}"),
          title: z.string(),
          subChapterId: z.string().describe("The sub-chapter the item lies in"),
          itemsBefore: z
            .number()
            .int()
            .min(0)
            .describe("How many of its sub-chapter's `items` come before it (0: it comes first)"),
          completionState: z.enum(["completed", "notCompleted"]).describe("Whether it counts as complete (docs/completion.md)"),
        }),
      )
      .describe("The course's SCORM items (docs/scorm-xapi.md), in course order, each placed among its sub-chapter's items; they count towards progress and completion"),
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
  .enum(["notEnrolled", "premiumOnly", "notStarted", "accountExpired", "programOrder"])
  .describe(
    "Why content is locked: notEnrolled (not enrolled and not a free preview), premiumOnly (a premium course for a Basic plan, open through a batch), notStarted (the scheduled enrollment has not begun), accountExpired (the batch's access has ended), programOrder (a program of the learner's enforces its order and a mandatory course before this one is not completed; free previews too)",
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
    hlsUrl: z
      .string()
      .nullable()
      .optional()
      .describe("For an uploaded video that was processed: its HLS master playlist, which the player prefers (adaptive quality); null when there is none or the video is locked"),
    captionsUrl: z.string().nullable(),
    videoCompletionState: videoCompletionState,
    resumeAtSeconds: z.number().min(0).describe("Where the learner stopped last time, 0 when never watched"),
    lockedReason: lockReason
      .nullable()
      .optional()
      .describe("Why the video and its reading content are closed to the learner; null when they are open"),
    lockedMessage: z
      .string()
      .nullable()
      .optional()
      .describe("For a course locked by its program's enforced order (lockedReason programOrder): the program's message to the learner; null otherwise"),
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
