import { z } from "zod";
import { defineCall } from "../call";
import { domainName, uuid } from "../common";
import { passMarkPercent } from "../fields";
import { COURSE_TYPES } from "../filters";
import { studioMedia } from "./studio-media";

// The studio's content calls (docs/studio.md): authors and administrators list, create and set up
// courses, edit a course's draft outline and items, and publish the draft as a new version. Every
// write names the draft revision it was based on; a stale one is refused with stale_revision.

const STUDIO_ERRORS = ["not_found", "stale_revision"] as const;

const courseId = uuid.describe("The course's id");
const revision = z
  .number({ error: "revision must be a number" })
  .int("revision must be an integer")
  .min(0, "revision must not be negative")
  .describe("The course's draft revision the edit was based on (from the last read or save)");
const title = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .min(1, `${label} must not be empty`)
    .max(300, `${label} must be at most 300 characters`);
/** A stable id of the outline: kept across versions, so a learner's progress follows the item. */
const nodeId = z.string({ error: "id must be text" }).min(1, "id must not be empty").max(100, "id must be at most 100 characters");
const slugIdField = z
  .string({ error: "slugId must be text" })
  .trim()
  .min(1, "slugId must not be empty")
  .max(100, "slugId must be at most 100 characters")
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, "slugId may only hold letters, digits, '-' and '_', and must start with a letter or digit");

export const studioCourseStates = ["draft", "published", "archived"] as const;
/** The items an author adds with a title; a SCORM item is added by uploading its package (uploadScormItem) or with content:import. */
export const outlineItemKinds = ["video", "mcqBlock", "essayBlock"] as const;
/** Every item an outline may hold. */
export const outlineListedItemKinds = [...outlineItemKinds, "scorm"] as const;
export const outlineNodeKinds = ["chapter", "subChapter", ...outlineItemKinds] as const;

const courseState = z
  .enum(studioCourseStates)
  .describe("draft: never published, learners cannot see it; published: in the catalogue; archived: out of the catalogue, enrolled learners keep it");

// ---------- course list and settings ----------

export const studioAuditEntry = z
  .object({
    at: z.string().describe("When (ISO 8601)"),
    userName: z.string().nullable().describe("Who made the change (null once their account is gone)"),
    courseId: z.string().nullable(),
    courseName: z.string().nullable(),
    action: z.string().describe("What kind of write, e.g. outline.move, item.update, course.publish"),
    summary: z.string().describe("The change in a few words"),
    revision: z.number().int().nullable().describe("The draft revision the change made"),
  })
  .meta({ id: "StudioAuditEntry" });

export const studioCourse = z
  .object({
    courseId: z.string(),
    name: z.string(),
    slugId: z.string(),
    state: courseState,
    learnersEnrolled: z.number().int().describe("Learners enrolled in any version"),
    lastChangedAt: z.string().describe("Last studio change, publish or import (ISO 8601)"),
    hasUnpublishedChanges: z.boolean().describe("The draft was edited after the last publish"),
    revision: z.number().int().nullable().describe("The draft's revision; null before the course is first opened in the studio"),
  })
  .meta({ id: "StudioCourse" });

export const listStudioCourses = defineCall({
  method: "GET",
  group: "",
  path: "/studio/courses",
  summary: "Every course with its state, learners enrolled and last change, and the studio's most recent changes. For authors and administrators.",
  access: "author",
  response: z.object({ courses: z.array(studioCourse), recentChanges: z.array(studioAuditEntry) }),
});

const settingsFields = {
  name: title("name"),
  description: z.string({ error: "description must be text" }).trim().max(10_000, "description must be at most 10000 characters").default(""),
  domain: domainName,
  courseType: z.enum(COURSE_TYPES, { error: `courseType must be one of ${COURSE_TYPES.join(", ")}` }),
  price: z
    .number({ error: "price must be a number" })
    .min(0, "price must not be negative")
    .max(10_000_000, "price must be at most 10000000")
    .nullable()
    .describe("Price in the currency's main unit; null for a course not sold alone"),
  isPremium: z.boolean({ error: "isPremium must be true or false" }),
  coverImage: z
    .string({ error: "coverImage must be text or null" })
    .trim()
    .max(1000, "coverImage must be at most 1000 characters")
    .nullable()
    .optional()
    .describe(
      "The course's picture: the address of an image uploaded in the studio (/api/files/media/{id}/original.png), or null for none. Left out: unchanged (none for a new course).",
    ),
};

/** A complimentary course is free to every learner (docs/enrollment.md), as the importer says. */
const settingsRules = (s: { courseType: string; price: number | null; isPremium: boolean }, ctx: z.RefinementCtx) => {
  if (s.courseType === "complimentary" && s.price !== null)
    ctx.addIssue({ code: "custom", path: ["price"], message: "a complimentary course is free to every learner: remove the price or change courseType" });
  if (s.courseType === "complimentary" && s.isPremium)
    ctx.addIssue({ code: "custom", path: ["isPremium"], message: "a complimentary course is free to every learner: it cannot be premium-only" });
};

export const studioCourseSettings = z
  .object({
    courseId: z.string(),
    revision: z.number().int().describe("The draft revision these settings belong to"),
    state: courseState,
    slugId: z.string().describe("The course's id in addresses"),
    name: z.string(),
    description: z.string(),
    domain: z.string(),
    courseType: z.string(),
    price: z.number().nullable(),
    isPremium: z.boolean(),
    coverImage: z.string().nullable().describe("The course's picture (the catalogue's courseImage), or null"),
  })
  .meta({ id: "StudioCourseSettings" });

export const createCourse = defineCall({
  method: "POST",
  group: "",
  path: "/studio/courses",
  summary: "Creates a course as a draft with an empty outline: learners see it once it is published.",
  access: "author",
  body: z.object({ slugId: slugIdField, ...settingsFields }).superRefine(settingsRules),
  response: studioCourseSettings,
  errors: ["slug_taken"],
});

export const getCourseSettings = defineCall({
  method: "GET",
  group: "",
  path: "/studio/course/settings",
  summary: "A course's settings and its draft revision.",
  access: "author",
  query: z.object({ courseId }),
  response: studioCourseSettings,
  errors: ["not_found"],
});

export const updateCourseSettings = defineCall({
  method: "POST",
  group: "",
  path: "/studio/course/settings",
  summary:
    "Saves a course's settings (they apply at once: they belong to the course, not to a version). Refused with stale_revision when the draft moved on since `revision`.",
  access: "author",
  body: z.object({ courseId, revision, ...settingsFields }).superRefine(settingsRules),
  response: studioCourseSettings,
  errors: STUDIO_ERRORS,
});

export const archiveCourse = defineCall({
  method: "POST",
  group: "",
  path: "/studio/course/archive",
  summary: "Archives a course (it leaves the catalogue; enrolled learners keep it) or brings it back.",
  access: "author",
  body: z.object({ courseId, revision, archived: z.boolean({ error: "archived must be true or false" }) }),
  response: studioCourseSettings,
  errors: STUDIO_ERRORS,
});

// ---------- outline ----------

export const studioOutlineItem = z
  .object({ id: z.string().describe("The item's stable id"), kind: z.enum(outlineListedItemKinds).describe("scorm: a SCORM package, uploaded in the studio (uploadScormItem) or imported with content:import"), title: z.string() })
  .meta({ id: "StudioOutlineItem" });
export const studioOutlineSubChapter = z
  .object({ id: z.string(), title: z.string(), items: z.array(studioOutlineItem) })
  .meta({ id: "StudioOutlineSubChapter" });
export const studioOutlineChapter = z
  .object({ id: z.string(), title: z.string(), subChapters: z.array(studioOutlineSubChapter) })
  .meta({ id: "StudioOutlineChapter" });

export const studioVersion = z
  .object({
    versionId: z.string(),
    versionName: z.string(),
    releasedAt: z.string(),
    isCurrent: z.boolean().describe("The version new learners get"),
    releaseNotes: z.string().nullable(),
    learners: z.number().int().describe("Learners enrolled on this version"),
  })
  .meta({ id: "StudioVersion" });

export const studioOutline = z
  .object({
    courseId: z.string(),
    revision: z.number().int().describe("The draft's revision: send it with the next save"),
    chapters: z.array(studioOutlineChapter),
    versions: z.array(studioVersion).describe("Published versions, newest first"),
  })
  .meta({ id: "StudioOutline" });

export const getCourseOutline = defineCall({
  method: "GET",
  group: "",
  path: "/studio/course/outline",
  summary: "The draft outline of a course (chapters, sub-chapters, items) with its revision, and its published versions.",
  access: "author",
  query: z.object({ courseId }),
  response: studioOutline,
  errors: ["not_found"],
});

const outlineWrite = studioOutline.extend({ id: z.string().describe("The node the write made or changed") });

export const addOutlineNode = defineCall({
  method: "POST",
  group: "",
  path: "/studio/course/outline/add",
  summary:
    "Adds a chapter (no parent), a sub-chapter (parent: a chapter) or an item (parent: a sub-chapter) at `index` (the end when left out). New items start empty and are filled in with updateOutlineItem.",
  access: "author",
  body: z.object({
    courseId,
    revision,
    kind: z.enum(outlineNodeKinds, { error: `kind must be one of ${outlineNodeKinds.join(", ")}` }),
    parentId: nodeId.optional().describe("The chapter (for a sub-chapter) or sub-chapter (for an item) to add under"),
    index: z.number({ error: "index must be a number" }).int("index must be an integer").min(0, "index must not be negative").optional(),
    title: title("title"),
  }),
  response: outlineWrite,
  errors: [...STUDIO_ERRORS, "outline_node_not_found", "bad_outline_place"],
});

/** The largest SCORM package the outline editor takes (docs/scorm-xapi.md lists every limit). */
export const SCORM_UPLOAD_MAX_BYTES = 500 * 1024 ** 2;

export const uploadScormItem = defineCall({
  method: "POST",
  group: "",
  path: "/studio/course/outline/scorm",
  summary:
    "Adds a SCORM item to a sub-chapter from an uploaded package (multipart/form-data: file, courseId, revision, parentId, optional index and title). The package is checked as content:import checks it; a refused one answers 422 with code scorm_package_refused and a message naming the problem, and nothing is stored. The title defaults to the manifest's title, else the file's name.",
  access: "author",
  bodyFormat: "multipart",
  body: z.object({
    courseId,
    revision: z.coerce.number({ error: "revision must be a number" }).pipe(revision),
    parentId: nodeId.describe("The sub-chapter to add the item to"),
    index: z.coerce
      .number({ error: "index must be a number" })
      .int("index must be an integer")
      .min(0, "index must not be negative")
      .optional()
      .describe("Where among the sub-chapter's items (the end when left out)"),
    title: title("title").optional().describe("The item's title; the manifest's title (else the file's name) when left out"),
  }),
  response: outlineWrite,
  errors: [...STUDIO_ERRORS, "outline_node_not_found", "bad_outline_place", "scorm_package_refused", "file_too_large"],
});

export const renameOutlineNode = defineCall({
  method: "POST",
  group: "",
  path: "/studio/course/outline/rename",
  summary: "Renames a chapter, sub-chapter or item of the draft.",
  access: "author",
  body: z.object({ courseId, revision, id: nodeId, title: title("title") }),
  response: outlineWrite,
  errors: [...STUDIO_ERRORS, "outline_node_not_found"],
});

export const moveOutlineNode = defineCall({
  method: "POST",
  group: "",
  path: "/studio/course/outline/move",
  summary:
    "Moves a node to `index` under `parentId`: a chapter (no parent) among chapters, a sub-chapter into any chapter, an item into any sub-chapter. It keeps its stable id.",
  access: "author",
  body: z.object({
    courseId,
    revision,
    id: nodeId,
    parentId: nodeId.optional().describe("The new parent: a chapter for a sub-chapter, a sub-chapter for an item; none for a chapter"),
    index: z.number({ error: "index must be a number" }).int("index must be an integer").min(0, "index must not be negative"),
  }),
  response: outlineWrite,
  errors: [...STUDIO_ERRORS, "outline_node_not_found", "bad_outline_place"],
});

export const deleteOutlineNode = defineCall({
  method: "POST",
  group: "",
  path: "/studio/course/outline/delete",
  summary:
    "Deletes a node of the draft and everything under it. When learners have progress on what it holds (in any published version), it is refused with delete_needs_confirmation and `details.learnersWithProgress` until sent again with `confirm`. Published versions keep the item, so nobody loses that progress.",
  access: "author",
  body: z.object({ courseId, revision, id: nodeId, confirm: z.boolean({ error: "confirm must be true or false" }).default(false) }),
  response: outlineWrite.extend({ learnersWithProgress: z.number().int() }),
  errors: [...STUDIO_ERRORS, "outline_node_not_found", "delete_needs_confirmation"],
});

// ---------- item editors ----------

const markdown = (label: string, max: number) =>
  z.string({ error: `${label} must be text` }).max(max, `${label} must be at most ${max} characters`);
const minutes = (max: number) =>
  z
    .number({ error: "durationInMinutes must be a number" })
    .int("durationInMinutes must be a whole number")
    .min(1, "durationInMinutes must be at least 1")
    .max(max, `durationInMinutes must be at most ${max}`);

export const videoSourceProviders = ["youtube", "vdocipher", "upload"] as const;
const youtubeUrl = /^(?:https?:\/\/)?(?:www\.|m\.)?(?:youtube\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/)|youtu\.be\/)([A-Za-z0-9_-]{11})/;
/** An upload of the studio (a media_files row, GET /studio/media), named by its id. */
const mediaRef = (name: string, kind: string) =>
  z.uuid({ error: `${name} must be the id of an upload (a UUID)` }).describe(`An upload of kind ${kind} (its id, as the tus upload answered it)`);

const videoFields = z
  .object({
    kind: z.literal("video"),
    title: title("title"),
    provider: z.enum(videoSourceProviders, { error: "provider must be youtube, vdocipher or upload" }),
    source: z
      .string({ error: "source must be text" })
      .trim()
      .max(1000)
      .default("")
      .describe("YouTube address or id, or VdoCipher id; left out for an upload"),
    mediaId: mediaRef("mediaId", "video").nullable().default(null).describe("For provider upload: the uploaded video (kind video); its duration comes from processing"),
    durationSeconds: z
      .number({ error: "durationSeconds must be a number" })
      .int("durationSeconds must be a whole number")
      .min(1, "durationSeconds must be at least 1")
      .max(24 * 3600, "durationSeconds must be at most 86400")
      .nullable()
      .default(null)
      .describe("Length in seconds, for YouTube and VdoCipher; an upload's is read from the file"),
    captionsMediaId: mediaRef("captionsMediaId", "captions")
      .nullable()
      .optional()
      .describe("Uploaded WebVTT captions (kind captions); null removes them, left out keeps them"),
    description: markdown("description", 5000).default(""),
    pageContent: markdown("pageContent", 100_000).nullable().default(null).describe("Lesson text under the video, in Markdown"),
    freePreview: z.boolean().default(false),
  })
  .transform((v, ctx) => {
    if (v.provider === "upload") {
      if (!v.mediaId) {
        ctx.addIssue({ code: "custom", path: ["mediaId"], message: "mediaId must name the uploaded video when provider is upload" });
        return z.NEVER;
      }
      return { ...v, source: "", durationSeconds: null };
    }
    if (v.durationSeconds === null) {
      ctx.addIssue({ code: "custom", path: ["durationSeconds"], message: "durationSeconds must be a number for a YouTube or VdoCipher video" });
      return z.NEVER;
    }
    if (!v.source) {
      ctx.addIssue({ code: "custom", path: ["source"], message: "source must not be empty" });
      return z.NEVER;
    }
    if (v.provider === "youtube") {
      const id = youtubeUrl.exec(v.source)?.[1] ?? v.source;
      if (!/^[A-Za-z0-9_-]{11}$/.test(id)) {
        ctx.addIssue({ code: "custom", path: ["source"], message: "source must be a YouTube video id (11 characters) or a YouTube link" });
        return z.NEVER;
      }
      return { ...v, source: id, mediaId: null };
    }
    if (!/^[A-Za-z0-9]{8,64}$/.test(v.source)) {
      ctx.addIssue({ code: "custom", path: ["source"], message: "source must be a VdoCipher video id (letters and digits)" });
      return z.NEVER;
    }
    return { ...v, mediaId: null };
  });

const passMark = passMarkPercent
  .nullable()
  .default(null)
  .describe("The score (%) that passes; null: any completed attempt (an MCQ block) or any submission (an essay) counts");
const wordLimit = (name: string) =>
  z.number({ error: `${name} must be a number` }).int(`${name} must be a whole number`).min(1, `${name} must be at least 1`).max(100_000).nullable().default(null);

const mcqFields = z.object({
  kind: z.literal("mcqBlock"),
  title: title("title"),
  durationInMinutes: minutes(24 * 60),
  passMark,
  attemptsAllowed: z
    .number({ error: "attemptsAllowed must be a number" })
    .int("attemptsAllowed must be a whole number")
    .min(1, "attemptsAllowed must be at least 1")
    .max(100, "attemptsAllowed must be at most 100")
    .nullable()
    .default(null)
    .describe("How many attempts a learner has; null: unlimited. The best attempt counts."),
  questions: z
    .array(
      z
        .object({
          question: markdown("question", 5000).trim().min(1, "question must not be empty").describe("Markdown"),
          mark: z.number({ error: "mark must be a number" }).int("mark must be a whole number").min(0, "mark must not be negative").max(1000),
          options: z
            .array(z.object({ value: markdown("value", 2000).trim().min(1, "value must not be empty"), correct: z.boolean().default(false) }))
            .min(2, "a question needs at least 2 options")
            .max(20, "a question has at most 20 options"),
        })
        .refine((q) => q.options.some((o) => o.correct), { path: ["options"], message: "at least one option must be correct" }),
    )
    .max(500, "an MCQ block has at most 500 questions"),
});

const essayFields = z.object({
  kind: z.literal("essayBlock"),
  title: title("title"),
  question: markdown("question", 10_000).trim(),
  description: markdown("description", 100_000).default(""),
  durationInMinutes: minutes(30 * 24 * 60),
  passMark,
  minWords: wordLimit("minWords"),
  maxWords: wordLimit("maxWords"),
  referenceDocumentMediaId: mediaRef("referenceDocumentMediaId", "document")
    .nullable()
    .optional()
    .describe("A document the learner reads for the essay (kind document); null removes it, left out keeps it"),
  solutionDocumentMediaId: mediaRef("solutionDocumentMediaId", "document")
    .nullable()
    .optional()
    .describe("The model solution (kind document), shown to the learner once graded; null removes it, left out keeps it"),
  criteria: z
    .array(
      z.object({
        name: title("name"),
        description: markdown("description", 5000).default(""),
        marks: z.number({ error: "marks must be a number" }).int("marks must be a whole number").min(1, "marks must be at least 1").max(1000),
      }),
    )
    .max(50, "an essay has at most 50 criteria")
    .describe("Rubric criteria, in their order"),
}).refine((e) => e.minWords === null || e.maxWords === null || e.minWords <= e.maxWords, { path: ["maxWords"], message: "maxWords must not be below minWords" });

export const studioItemFields = z.discriminatedUnion("kind", [videoFields, mcqFields, essayFields]);

const itemMedia = studioMedia.nullable();
const videoView = z.object({
  kind: z.literal("video"),
  title: z.string(),
  provider: z.enum(["youtube", "vdocipher", "uploadedVideo"]),
  source: z.string().describe("YouTube id, VdoCipher id, or an uploaded file's path; empty until set"),
  durationSeconds: z.number().int().describe("An upload's duration once processed; 0 until known"),
  media: itemMedia.describe("The uploaded video (provider uploadedVideo) and where its processing stands"),
  captionsUrl: z.string().nullable().describe("Address of the captions (WebVTT)"),
  captions: itemMedia.describe("The uploaded captions, when they are an upload"),
  description: z.string(),
  pageContent: z.string().nullable(),
  freePreview: z.boolean(),
});
const mcqView = z.object({
  kind: z.literal("mcqBlock"),
  title: z.string(),
  durationInMinutes: z.number().int(),
  passMark: z.number().int().nullable(),
  attemptsAllowed: z.number().int().nullable(),
  questions: z.array(z.object({ question: z.string(), mark: z.number().int(), options: z.array(z.object({ value: z.string(), correct: z.boolean() })) })),
});
const essayView = z.object({
  kind: z.literal("essayBlock"),
  title: z.string(),
  question: z.string(),
  description: z.string(),
  durationInMinutes: z.number().int(),
  passMark: z.number().int().nullable(),
  minWords: z.number().int().nullable(),
  maxWords: z.number().int().nullable(),
  referenceDocumentUrl: z.string().nullable(),
  referenceDocument: itemMedia.describe("The reference document, when it is an upload"),
  solutionDocumentUrl: z.string().nullable(),
  solutionDocument: itemMedia.describe("The solution document, when it is an upload"),
  criteria: z.array(z.object({ name: z.string(), description: z.string(), marks: z.number().int() })),
});

export const studioItem = z
  .object({ courseId: z.string(), revision: z.number().int(), id: z.string(), fields: z.discriminatedUnion("kind", [videoView, mcqView, essayView]) })
  .meta({ id: "StudioItem" });

export const getOutlineItem = defineCall({
  method: "GET",
  group: "",
  path: "/studio/course/item",
  summary: "An item of the draft with everything its editor shows: a video's source and lesson text, an MCQ block's questions with the key, an essay's rubric.",
  access: "author",
  query: z.object({ courseId, id: nodeId }),
  response: studioItem,
  errors: ["not_found", "outline_node_not_found"],
});

export const updateOutlineItem = defineCall({
  method: "POST",
  group: "",
  path: "/studio/course/item",
  summary: "Saves an item's editor fields to the draft (their `kind` must be the item's). Refused with stale_revision when the draft moved on since `revision`.",
  access: "author",
  body: z.object({ courseId, revision, id: nodeId, fields: studioItemFields }),
  response: studioItem,
  errors: [...STUDIO_ERRORS, "outline_node_not_found", "bad_outline_place"],
});

// ---------- publish ----------

export const publishCourse = defineCall({
  method: "POST",
  group: "",
  path: "/studio/course/publish",
  summary:
    "Publishes the draft as a new version, which new learners get. Learners on an older version keep it and are offered the new one; items keep their stable ids, so progress on them carries over when a learner moves. Refused with draft_incomplete (naming the field) while an item is not filled in.",
  access: "author",
  body: z.object({
    courseId,
    revision,
    versionName: title("versionName").max(100, "versionName must be at most 100 characters"),
    releaseNotes: markdown("releaseNotes", 10_000).default(""),
  }),
  response: studioOutline.extend({ versionId: z.string().describe("The new version") }),
  errors: [...STUDIO_ERRORS, "draft_incomplete", "version_name_taken"],
});

// ---------- preview ----------

const previewVideo = z.object({
  kind: z.literal("video"),
  id: z.string(),
  title: z.string(),
  provider: z.enum(["youtube", "vdocipher", "uploadedVideo"]),
  videoLink: z.string().nullable().describe("What the player plays: a YouTube address, a VdoCipher id or the uploaded file's address; null until a source is set"),
  hlsUrl: z.string().nullable().describe("The HLS master playlist of a processed upload"),
  posterUrl: z.string().nullable(),
  captionsUrl: z.string().nullable(),
  durationSeconds: z.number().int(),
  description: z.string(),
  pageContent: z.string().nullable().describe("Lesson text in Markdown"),
  toolsCovered: z.array(z.string()),
});
const previewMcq = z.object({
  kind: z.literal("mcqBlock"),
  id: z.string(),
  title: z.string(),
  durationInMinutes: z.number().int(),
  passMark: z.number().int().nullable(),
  attemptsAllowed: z.number().int().nullable(),
  totalMarks: z.number().int(),
  questions: z
    .array(
      z.object({
        question: z.string(),
        mark: z.number().int(),
        maxCorrectOptionsCount: z.number().int().describe("How many options the learner may choose: as many as are right (one: radio buttons)"),
        options: z.array(z.string()),
      }),
    )
    .describe("As the learner gets them: the options without the key"),
});
const previewEssay = z.object({
  kind: z.literal("essayBlock"),
  id: z.string(),
  title: z.string(),
  question: z.string(),
  description: z.string(),
  durationInMinutes: z.number().int(),
  passMark: z.number().int().nullable(),
  minWords: z.number().int().nullable(),
  maxWords: z.number().int().nullable(),
  criteria: z.array(z.object({ name: z.string(), description: z.string(), marks: z.number().int() })),
});

export const studioCoursePreview = z
  .object({
    courseId: z.string(),
    courseName: z.string(),
    revision: z.number().int(),
    chapters: z.array(studioOutlineChapter),
    item: z.discriminatedUnion("kind", [previewVideo, previewMcq, previewEssay]).nullable().describe("The item asked for (the first one when none is named); null in an empty outline"),
  })
  .meta({ id: "StudioCoursePreview" });

export const getCoursePreview = defineCall({
  method: "GET",
  group: "",
  path: "/studio/course/preview",
  summary: "The draft as a learner would see it: its outline and one item with what the learning page shows of it (an MCQ block's questions without the key).",
  access: "author",
  query: z.object({ courseId, id: nodeId.optional().describe("The item to show; the first item when left out") }),
  response: studioCoursePreview,
  errors: ["not_found", "outline_node_not_found"],
});
