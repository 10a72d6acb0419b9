import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const id = () => uuid("id").primaryKey().defaultRandom();
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const ts = (name: string) => timestamp(name, { withTimezone: true });

export const userKind = pgEnum("user_kind", ["Customer", "Employee"]);
export const userRole = pgEnum("user_role", ["learner", "grader", "author", "admin"]);
export const plan = pgEnum("plan", ["Basic", "Premium"]);
export const preferredLanguage = pgEnum("preferred_language", ["English", "Hindi", "Tamil", "Telugu", "Others"]);
export const customerProfile = pgEnum("customer_profile", ["Working Professional", "Job Seeker", "Student"]);
export const educationBackground = pgEnum("education_background", ["Engineering", "Non-Engineering"]);
export const courseType = pgEnum("course_type", ["mandatory", "nonMandatory", "complimentary"]);
export const videoProvider = pgEnum("video_provider", ["youtube", "vdocipher", "uploadedVideo"]);
export const enrollmentType = pgEnum("enrollment_type", [
  "System (Auto enroll)",
  "Customer (Scheduled and Optional)",
  "No Auto Enrollment",
]);
export const inviteSource = pgEnum("invite_source", ["home", "operator"]);

// ---------- people and access ----------

export const companies = pgTable("companies", {
  id: id(),
  key: text("key").notNull().unique(),
  name: text("name").notNull(),
  // A host name, or a pattern with a leading "*." for sub-domains; the port is ignored when matching.
  hostPattern: text("host_pattern").notNull().unique(),
  logoUrl: text("logo_url").notNull(),
  logoDarkUrl: text("logo_dark_url"),
  loginBackgroundUrl: text("login_background_url"),
  createdAt: createdAt(),
});

export const users = pgTable(
  "users",
  {
    id: id(),
    // Stored lower-cased: one account per address whatever its spelling.
    email: text("email").notNull(),
    name: text("name").notNull(),
    countryCode: text("country_code"),
    phone: text("phone"),
    domain: text("domain"),
    preferredLanguage: preferredLanguage("preferred_language").notNull().default("English"),
    plan: plan("plan").notNull().default("Basic"),
    userKind: userKind("user_kind").notNull().default("Customer"),
    role: userRole("role").notNull().default("learner"),
    customerProfile: customerProfile("customer_profile"),
    educationBackground: educationBackground("education_background"),
    hasCareerServicesAccess: boolean("has_career_services_access").notNull().default(false),
    hasSoftwareLicenseAccess: boolean("has_software_license_access").notNull().default(false),
    isEnrolledInPgCourse: boolean("is_enrolled_in_pg_course").notNull().default(false),
    isO3ChatAvailable: boolean("is_o3_chat_available").notNull().default(false),
    companyId: uuid("company_id").references(() => companies.id, { onDelete: "set null" }),
    // The learner's IANA time zone, as their browser last told it (badge streaks count its days); null: UTC.
    timeZone: text("time_zone"),
    // Set by an administrator (docs/people.md): sign-in refused and every session ended; the records stay.
    deactivatedAt: ts("deactivated_at"),
    // After this moment the person can no longer sign in or use a session; null: no end.
    accessExpiresAt: ts("access_expires_at"),
    // Deleted on request (docs/people.md): the row stays, anonymised, so records that count it stay whole.
    deletedAt: ts("deleted_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(t.email),
    // The studio's people list searches names and e-mails by substring (ILIKE '%...%').
    index("users_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
    index("users_email_trgm_idx").using("gin", t.email.op("gin_trgm_ops")),
    // The learners' report walks people by name (or e-mail), then id, keyset-paged.
    index("users_name_id_idx").on(t.name, t.id),
    index("users_email_id_idx").on(t.email, t.id),
  ],
);

export const invites = pgTable(
  "invites",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // SHA-256 of the token in the link; the token itself is never stored.
    tokenHash: text("token_hash").notNull(),
    redirectUrl: text("redirect_url").notNull().default("/dashboard"),
    source: inviteSource("source").notNull(),
    expiresAt: ts("expires_at").notNull(),
    usedAt: ts("used_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("invites_token_hash_key").on(t.tokenHash), index("invites_user_idx").on(t.userId)],
);

export const sessions = pgTable(
  "sessions",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    inviteId: uuid("invite_id").references(() => invites.id, { onDelete: "set null" }),
    expiresAt: ts("expires_at").notNull(),
    revokedAt: ts("revoked_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("sessions_token_hash_key").on(t.tokenHash), index("sessions_user_idx").on(t.userId)],
);

// Fixed-window counters, shared by every app process through the database.
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").notNull(),
    windowStart: ts("window_start").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

export const userEvents = pgTable(
  "user_events",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    eventName: text("event_name").notNull(),
    event: jsonb("event").notNull().default(sql`'{}'::jsonb`),
    // Set by clients that may resend the same event: a resend is recorded once.
    idempotencyKey: text("idempotency_key"),
    createdAt: createdAt(),
  },
  (t) => [index("user_events_user_idx").on(t.userId), uniqueIndex("user_events_idempotency_key").on(t.userId, t.idempotencyKey)],
);

// ---------- content ----------

export const domains = pgTable("domains", {
  id: id(),
  name: text("name").notNull().unique(),
  slug: text("slug").notNull().unique(),
});

export const courses = pgTable(
  "courses",
  {
    id: id(),
    // Stable identifier from the content files: re-importing updates the same row.
    key: text("key").notNull().unique(),
    slug: text("slug").notNull(),
    slugId: text("slug_id").notNull().unique(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    image: text("image"),
    domainId: uuid("domain_id")
      .notNull()
      .references(() => domains.id),
    courseType: courseType("course_type").notNull().default("nonMandatory"),
    // Price in the smallest currency unit; null for a course that is not sold alone.
    priceCents: integer("price_cents"),
    currency: text("currency").notNull().default("INR"),
    isPremium: boolean("is_premium").notNull().default(false),
    // Raised by every import of the course: the servers' in-memory course trees are kept per revision.
    treeRevision: integer("tree_revision").notNull().default(0),
    // Set when an author archives the course: it leaves the catalogue; enrolled learners keep it (docs/studio.md).
    archivedAt: ts("archived_at"),
    createdAt: createdAt(),
  },
  (t) => [index("courses_domain_idx").on(t.domainId)],
);

export const courseVersions = pgTable(
  "course_versions",
  {
    id: id(),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    versionName: text("version_name").notNull(),
    releasedAt: ts("released_at").notNull(),
    isCurrent: boolean("is_current").notNull().default(true),
    // What changed in this version, as its author wrote it when publishing from the studio.
    releaseNotes: text("release_notes"),
  },
  (t) => [uniqueIndex("course_versions_name_key").on(t.courseId, t.versionName)],
);

export const chapters = pgTable(
  "chapters",
  {
    id: id(),
    versionId: uuid("version_id")
      .notNull()
      .references(() => courseVersions.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    position: integer("position").notNull(),
    emoji: text("emoji"),
    slug: text("slug").notNull(),
    slugId: text("slug_id").notNull(),
  },
  (t) => [uniqueIndex("chapters_slug_key").on(t.versionId, t.slugId), index("chapters_version_idx").on(t.versionId)],
);

export const subChapters = pgTable(
  "sub_chapters",
  {
    id: id(),
    chapterId: uuid("chapter_id")
      .notNull()
      .references(() => chapters.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    position: integer("position").notNull(),
    emoji: text("emoji"),
    slug: text("slug").notNull(),
    slugId: text("slug_id").notNull(),
  },
  (t) => [uniqueIndex("sub_chapters_slug_key").on(t.chapterId, t.slugId), index("sub_chapters_chapter_idx").on(t.chapterId)],
);

export const videos = pgTable(
  "videos",
  {
    id: id(),
    subChapterId: uuid("sub_chapter_id")
      .notNull()
      .references(() => subChapters.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    slugId: text("slug_id").notNull(),
    description: text("description").notNull().default(""),
    provider: videoProvider("provider").notNull(),
    // YouTube id, VdoCipher video id, or the path of an uploaded file under the storage root.
    source: text("source").notNull(),
    durationSeconds: integer("duration_seconds").notNull(),
    coverImage: text("cover_image"),
    captionsUrl: text("captions_url"),
    pageContent: text("page_content"),
    toolsCovered: jsonb("tools_covered").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    // Free previews stay open to learners who are not enrolled.
    isFreePreview: boolean("is_free_preview").notNull().default(false),
  },
  (t) => [index("videos_sub_chapter_idx").on(t.subChapterId), index("videos_source_idx").on(t.source)],
);

export const mcqBlocks = pgTable(
  "mcq_blocks",
  {
    id: id(),
    subChapterId: uuid("sub_chapter_id")
      .notNull()
      .references(() => subChapters.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    slugId: text("slug_id").notNull(),
    durationInMinutes: integer("duration_in_minutes").notNull(),
    // Percent of the marks an attempt needs to pass; null: any completed attempt passes.
    passMark: integer("pass_mark"),
    // Attempts a learner may make; null: unlimited.
    attemptsAllowed: integer("attempts_allowed"),
  },
  (t) => [index("mcq_blocks_sub_chapter_idx").on(t.subChapterId)],
);

export const mcqQuestions = pgTable(
  "mcq_questions",
  {
    id: id(),
    blockId: uuid("block_id")
      .notNull()
      .references(() => mcqBlocks.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    question: text("question").notNull(),
    mark: integer("mark").notNull(),
  },
  (t) => [index("mcq_questions_block_idx").on(t.blockId)],
);

export const mcqOptions = pgTable(
  "mcq_options",
  {
    id: id(),
    questionId: uuid("question_id")
      .notNull()
      .references(() => mcqQuestions.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    value: text("value").notNull(),
    isCorrect: boolean("is_correct").notNull(),
  },
  (t) => [index("mcq_options_question_idx").on(t.questionId)],
);

export const essayBlocks = pgTable(
  "essay_blocks",
  {
    id: id(),
    subChapterId: uuid("sub_chapter_id")
      .notNull()
      .references(() => subChapters.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    slugId: text("slug_id").notNull(),
    question: text("question").notNull(),
    description: text("description").notNull().default(""),
    referenceDocument: text("reference_document"),
    solutionDocument: text("solution_document"),
    durationInMinutes: integer("duration_in_minutes").notNull(),
    // Percent of the marks the graded essay needs to pass; null: submitting it is enough.
    passMark: integer("pass_mark"),
    // Words a final submission must have, at least and at most; null: no limit.
    minWords: integer("min_words"),
    maxWords: integer("max_words"),
  },
  (t) => [index("essay_blocks_sub_chapter_idx").on(t.subChapterId)],
);

export const essayCriteria = pgTable(
  "essay_criteria",
  {
    id: id(),
    blockId: uuid("block_id")
      .notNull()
      .references(() => essayBlocks.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    gradingCriteria: text("grading_criteria").notNull(),
    description: text("description").notNull().default(""),
    marks: integer("marks").notNull(),
  },
  (t) => [index("essay_criteria_block_idx").on(t.blockId)],
);

export const scormVersion = pgEnum("scorm_version", ["1.2", "2004-3rd", "2004-4th"]);

// A SCORM package as checked and unpacked (docs/scorm-xapi.md): its files lie in the file store
// under scorm/<sha256>/, the zip itself at scorm/<sha256>.zip. One row per distinct zip, shared by
// every item (of every version) that plays it.
export const scormPackages = pgTable("scorm_packages", {
  id: id(),
  sha256: text("sha256").notNull().unique(),
  // The zip's file name as the author gave it ("safety-basics.zip"); content:export writes it back under that name.
  fileName: text("file_name").notNull(),
  version: scormVersion("version").notNull(),
  title: text("title"),
  launchPath: text("launch_path").notNull(),
  launchQuery: text("launch_query").notNull().default(""),
  // The package's own mastery score, as a percent; null: it has none.
  masteryPercent: real("mastery_percent"),
  fileCount: integer("file_count").notNull(),
  unpackedBytes: bigint("unpacked_bytes", { mode: "number" }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const scormItems = pgTable(
  "scorm_items",
  {
    id: id(),
    subChapterId: uuid("sub_chapter_id")
      .notNull()
      .references(() => subChapters.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    slugId: text("slug_id").notNull(),
    packageId: uuid("package_id")
      .notNull()
      .references(() => scormPackages.id),
    // Percent of the score the learner needs to pass; null: the package's mastery score decides.
    passMark: integer("pass_mark"),
  },
  (t) => [index("scorm_items_sub_chapter_idx").on(t.subChapterId), index("scorm_items_package_idx").on(t.packageId)],
);

// A learner's opening of a SCORM item: the token in the package's file addresses
// (/api/scorm/launch/{token}/...), which stands in for the session inside the sandboxed frame
// (it sends no cookies) and opens only that package's files. Only the token's SHA-256 is kept.
export const scormLaunches = pgTable(
  "scorm_launches",
  {
    id: id(),
    tokenHash: text("token_hash").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    itemId: uuid("item_id")
      .notNull()
      .references(() => scormItems.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("scorm_launches_token_hash_key").on(t.tokenHash), index("scorm_launches_user_idx").on(t.userId)],
);

// A learner's results in a SCORM item (docs/scorm-xapi.md, "Runtime"): one row per learner and item,
// written by idempotent commits. `sequence` is the newest commit applied: an older or repeated one
// changes nothing. `sessionSeconds` holds each session's (launch's) time by session id, so a session
// counts once however often it commits; `totalSeconds` is their sum (the package reads it back as
// cmi.core.total_time / cmi.total_time).
export const scormAttempts = pgTable(
  "scorm_attempts",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    itemId: uuid("item_id")
      .notNull()
      .references(() => scormItems.id, { onDelete: "cascade" }),
    // The CMI data model values as the package last set them ("cmi.core.lesson_status": "passed", ...).
    cmi: jsonb("cmi").$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    lessonLocation: text("lesson_location").notNull().default(""),
    suspendData: text("suspend_data").notNull().default(""),
    // unknown | not attempted | incomplete | completed (SCORM 1.2's lesson_status folds into these two).
    completionStatus: text("completion_status").notNull().default("not attempted"),
    // unknown | passed | failed.
    successStatus: text("success_status").notNull().default("unknown"),
    // The score as a share 0..1 (SCORM 2004's score.scaled, or SCORM 1.2's score.raw over its range); null: none.
    scoreScaled: real("score_scaled"),
    sessionSeconds: jsonb("session_seconds").$type<Record<string, number>>().notNull().default(sql`'{}'::jsonb`),
    totalSeconds: real("total_seconds").notNull().default(0),
    sequence: bigint("sequence", { mode: "number" }).notNull().default(0),
    lastCommitId: text("last_commit_id"),
    // When the item first counted as complete (the completion moment of badges' history); null: not yet.
    completedAt: timestamp("completed_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("scorm_attempts_user_item_key").on(t.userId, t.itemId), index("scorm_attempts_item_idx").on(t.itemId)],
);

export const programs = pgTable("programs", {
  id: id(),
  key: text("key").notNull().unique(),
  slug: text("slug").notNull(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  image: text("image"),
  domainId: uuid("domain_id").references(() => domains.id),
  // Enforced order (docs/programs.md): a course after an incomplete mandatory course is locked, with lockedMessage.
  sequential: boolean("sequential").notNull().default(false),
  lockedMessage: text("locked_message").notNull().default(""),
  // Counts the studio's saves: a save based on an older revision is refused, not applied over another's change.
  revision: integer("revision").notNull().default(0),
  createdAt: createdAt(),
});

export const programCourses = pgTable(
  "program_courses",
  {
    programId: uuid("program_id")
      .notNull()
      .references(() => programs.id, { onDelete: "cascade" }),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    courseType: courseType("course_type").notNull().default("mandatory"),
  },
  (t) => [primaryKey({ columns: [t.programId, t.courseId] })],
);

// A cohort that takes a program (or a single course) together, with its own enrollment rule.
export const batches = pgTable("batches", {
  id: id(),
  key: text("key").notNull().unique(),
  name: text("name").notNull(),
  programId: uuid("program_id").references(() => programs.id, { onDelete: "set null" }),
  enrollmentType: enrollmentType("enrollment_type").notNull().default("No Auto Enrollment"),
  allowManualVideoCompletion: boolean("allow_manual_video_completion").notNull().default(false),
  startsAt: ts("starts_at"),
  accountExpiresAt: ts("account_expires_at"),
  createdAt: createdAt(),
});

// Courses an administrator enrolled a whole batch in from the studio (beyond its program's own rule):
// members who join later are enrolled in them too, granted as the first members were.
export const batchCourseGrants = pgTable(
  "batch_course_grants",
  {
    batchId: uuid("batch_id")
      .notNull()
      .references(() => batches.id, { onDelete: "cascade" }),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    // The program the enrollment counts for (the batch's, or the program enrolled in); null for a course alone.
    programId: uuid("program_id").references(() => programs.id, { onDelete: "set null" }),
    courseType: courseType("course_type").notNull(),
    grantedBy: uuid("granted_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.courseId] })],
);

export const batchMembers = pgTable(
  "batch_members",
  {
    batchId: uuid("batch_id")
      .notNull()
      .references(() => batches.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.userId] }), index("batch_members_user_idx").on(t.userId)],
);

export const enrollments = pgTable(
  "enrollments",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    versionId: uuid("version_id")
      .notNull()
      .references(() => courseVersions.id),
    batchId: uuid("batch_id").references(() => batches.id, { onDelete: "set null" }),
    programId: uuid("program_id").references(() => programs.id, { onDelete: "set null" }),
    enrollmentType: enrollmentType("enrollment_type").notNull().default("No Auto Enrollment"),
    courseType: courseType("course_type").notNull().default("nonMandatory"),
    startDate: ts("start_date"),
    // Set when an administrator enrolled the learner from the studio (docs/enrollment.md): such an
    // enrollment is open whatever the learner's plan (a course bought, or given by the company).
    grantedAt: ts("granted_at"),
    createdAt: createdAt(),
  },
  // One enrollment per learner and course: enrolling twice is harmless.
  (t) => [uniqueIndex("enrollments_user_course_key").on(t.userId, t.courseId), index("enrollments_course_idx").on(t.courseId)],
);

export const meetings = pgTable(
  "meetings",
  {
    id: id(),
    key: text("key").notNull().unique(),
    title: text("title").notNull(),
    courseId: uuid("course_id").references(() => courses.id, { onDelete: "set null" }),
    meetingTakerName: text("meeting_taker_name").notNull(),
    meetingTakerEmail: text("meeting_taker_email").notNull(),
    startDate: ts("start_date").notNull(),
    durationInMinutes: integer("duration_in_minutes").notNull(),
    description: text("description").notNull().default(""),
    joinLink: text("join_link").notNull(),
    position: integer("position").notNull().default(0),
    // The organiser's IANA time zone: startDate is the instant, this says what wall time the organiser meant.
    timeZone: text("time_zone").notNull().default("UTC"),
    // The calendar file's SEQUENCE: raised by the importer whenever the title, description, time or join link changes.
    sequence: integer("sequence").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    // Set when an administrator cancelled the session in the studio: learners no longer see it, and the import leaves it alone.
    cancelledAt: ts("cancelled_at"),
    // Set when the session was made or last changed in the studio: a later content import no longer overwrites it (docs/meetings.md).
    studioEditedAt: ts("studio_edited_at"),
  },
  (t) => [index("meetings_start_idx").on(t.startDate), index("meetings_course_idx").on(t.courseId)],
);

export const meetingRegistrations = pgTable(
  "meeting_registrations",
  {
    meetingId: uuid("meeting_id")
      .notNull()
      .references(() => meetings.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.meetingId, t.userId] })],
);

// ---------- learning progress ----------

export const videoCompletionSource = pgEnum("video_completion_source", ["watched", "manual"]);

// What one learner has really watched of one video: merged ranges only ever grow, completion never reverts.
export const videoProgress = pgTable(
  "video_progress",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    videoId: uuid("video_id")
      .notNull()
      .references(() => videos.id, { onDelete: "cascade" }),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    versionId: uuid("version_id")
      .notNull()
      .references(() => courseVersions.id, { onDelete: "cascade" }),
    // Sorted, disjoint [start, end] second ranges, clamped to the video's length.
    watchedRanges: jsonb("watched_ranges").$type<[number, number][]>().notNull().default(sql`'[]'::jsonb`),
    // Total length of watchedRanges, kept beside them for aggregates.
    watchedSeconds: real("watched_seconds").notNull().default(0),
    lastPositionSeconds: real("last_position_seconds").notNull().default(0),
    // The client's time of the record that set lastPositionSeconds: a late, older record does not move it back.
    positionRecordedAt: ts("position_recorded_at"),
    completedAt: ts("completed_at"),
    completedBy: videoCompletionSource("completed_by"),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("video_progress_user_video_key").on(t.userId, t.videoId),
    index("video_progress_user_course_idx").on(t.userId, t.courseId),
    index("video_progress_video_idx").on(t.videoId),
  ],
);

// A counter per learner, raised by triggers (migration 0011) in the same transaction as every change
// to what the dashboard's figures read of the learner: their user row, enrollments, batch memberships,
// video progress and watch time, the status and scores of their challenges (and the grades of their
// essays), certificates and badges. Like learner_version_states, without foreign keys.
export const learnerStates = pgTable("learner_states", {
  userId: uuid("user_id").primaryKey(),
  revision: bigint("revision", { mode: "number" }).notNull().default(0),
});

// One row (id 1), raised by statement triggers (migration 0011) with every change to the catalogue:
// domains, courses and their versions and content, programs, their courses, and batches.
export const catalogueRevisions = pgTable("catalogue_revisions", {
  id: integer("id").primaryKey(),
  revision: bigint("revision", { mode: "number" }).notNull().default(0),
});

// A counter per learner and course version, raised by triggers (migration 0010) in the same transaction
// as every change to what the course tree reads of the learner there: video_progress rows, and the
// status of multiple-choice and essay attempts. A reader that kept an answer built at one revision
// knows it is still true while the revision has not moved, in any process. No foreign keys: the
// triggers also run while a user's or a version's rows are being deleted by cascade.
export const learnerVersionStates = pgTable(
  "learner_version_states",
  {
    userId: uuid("user_id").notNull(),
    versionId: uuid("version_id").notNull(),
    revision: bigint("revision", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.versionId] })],
);

// Seconds of video a learner played, per video and quarter hour (UTC), for the learning-time chart.
// Every time zone's offset is a whole number of quarter hours, so a day in any zone is a whole set of
// slots. Within one slot the played ranges are merged like video_progress's, so a resent record never
// counts twice; the same stretch played again in a later slot counts again (it is time spent learning).
export const videoWatchTime = pgTable(
  "video_watch_time",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    videoId: uuid("video_id")
      .notNull()
      .references(() => videos.id, { onDelete: "cascade" }),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    // Start of the quarter hour the watch record was taken in (the record's recordedAt, else the server's time).
    slotStart: ts("slot_start").notNull(),
    watchedRanges: jsonb("watched_ranges").$type<[number, number][]>().notNull().default(sql`'[]'::jsonb`),
    watchedSeconds: real("watched_seconds").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.videoId, t.slotStart] }), index("video_watch_time_user_slot_idx").on(t.userId, t.slotStart)],
);

// Idempotency keys of applied watch records: a resent record is answered again but applied once.
export const watchRecordKeys = pgTable(
  "watch_record_keys",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    idempotencyKey: text("idempotency_key").notNull(),
    videoId: uuid("video_id")
      .notNull()
      .references(() => videos.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.idempotencyKey] }), index("watch_record_keys_video_idx").on(t.videoId)],
);

// One opinion per learner and video: true liked, false disliked; taking it back deletes the row.
export const videoLikes = pgTable(
  "video_likes",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    videoId: uuid("video_id")
      .notNull()
      .references(() => videos.id, { onDelete: "cascade" }),
    isLiked: boolean("is_liked").notNull(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.videoId] }), index("video_likes_video_idx").on(t.videoId)],
);

// open: waiting for an administrator's answer; granted: the learner was enrolled; declined: refused (with an optional note).
export const purchaseIntentStatus = pgEnum("purchase_intent_status", ["open", "granted", "declined"]);

// A learner asked to buy a course: one lead per learner and course, answered in the studio (docs/enrollment.md).
export const purchaseIntents = pgTable(
  "purchase_intents",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    courseName: text("course_name").notNull(),
    // The price the learner was shown, in the smallest currency unit.
    priceCents: integer("price_cents"),
    currency: text("currency").notNull(),
    pageUrl: text("page_url"),
    requestCount: integer("request_count").notNull().default(1),
    createdAt: createdAt(),
    lastRequestedAt: ts("last_requested_at").notNull().defaultNow(),
    status: purchaseIntentStatus("status").notNull().default("open"),
    answeredAt: ts("answered_at"),
    answeredBy: uuid("answered_by").references(() => users.id, { onDelete: "set null" }),
    // The administrator's note to the learner with a decline.
    answerNote: text("answer_note"),
  },
  (t) => [
    uniqueIndex("purchase_intents_user_course_key").on(t.userId, t.courseId),
    // The studio's list: open requests first, newest first within each status (keyset).
    index("purchase_intents_status_idx").on(t.status, t.lastRequestedAt, t.id),
  ],
);

// ---------- challenges: timed multiple-choice blocks and essays ----------

export const mcqAttemptStatus = pgEnum("mcq_attempt_status", ["onProgress", "completed"]);
// Who closed an attempt: the learner's submit, or the server at the deadline (on a read or by the sweep).
export const attemptClosedBy = pgEnum("attempt_closed_by", ["learner", "timeout"]);

// A learner's attempts at a block, numbered from 1 (as many as the block allows). The deadline is the server's, fixed at start; answers saved before it count.
// A block learners have attempted cannot be deleted by a content import (restrict), so no attempt is ever lost.
export const mcqAttempts = pgTable(
  "mcq_attempts",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockId: uuid("block_id")
      .notNull()
      .references(() => mcqBlocks.id, { onDelete: "restrict" }),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    versionId: uuid("version_id")
      .notNull()
      .references(() => courseVersions.id, { onDelete: "restrict" }),
    // 1 for the learner's first attempt at the block, one more for each new one.
    attemptNumber: integer("attempt_number").notNull().default(1),
    status: mcqAttemptStatus("status").notNull().default("onProgress"),
    startedAt: ts("started_at").notNull(),
    deadlineAt: ts("deadline_at").notNull(),
    submittedAt: ts("submitted_at"),
    closedBy: attemptClosedBy("closed_by"),
    totalScore: real("total_score").notNull(),
    obtainedScore: real("obtained_score"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("mcq_attempts_user_block_number_key").on(t.userId, t.blockId, t.attemptNumber),
    index("mcq_attempts_user_version_idx").on(t.userId, t.versionId),
    // The sweep looks for running attempts past their deadline.
    index("mcq_attempts_running_deadline_idx").on(t.deadlineAt).where(sql`status = 'onProgress'`),
  ],
);

// The learner's current choice for one question of an attempt (replaced on every save).
export const mcqAnswers = pgTable(
  "mcq_answers",
  {
    attemptId: uuid("attempt_id")
      .notNull()
      .references(() => mcqAttempts.id, { onDelete: "cascade" }),
    questionId: uuid("question_id").notNull(),
    selectedOptionIds: jsonb("selected_option_ids").$type<string[]>().notNull(),
    // When the learner's browser made the choice (its clock, corrected for its offset): decides the grace period.
    answeredAt: ts("answered_at").notNull(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.questionId] })],
);

// Idempotency keys of applied answers: a resend is answered again, applied once, and never overwrites a later choice.
export const mcqAnswerKeys = pgTable(
  "mcq_answer_keys",
  {
    attemptId: uuid("attempt_id")
      .notNull()
      .references(() => mcqAttempts.id, { onDelete: "cascade" }),
    idempotencyKey: text("idempotency_key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.idempotencyKey] })],
);

export const essayAttemptStatus = pgEnum("essay_attempt_status", ["onProgress", "awaitingResults", "resultsReceived"]);
export const essaySubmissionSource = pgEnum("essay_submission_source", ["manual", "timeOut", "migrated", "submittedOnMigration"]);

// One attempt per learner and essay. The draft lives here, versioned: a save names the version it started from.
export const essayAttempts = pgTable(
  "essay_attempts",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockId: uuid("block_id")
      .notNull()
      .references(() => essayBlocks.id, { onDelete: "restrict" }),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    versionId: uuid("version_id")
      .notNull()
      .references(() => courseVersions.id, { onDelete: "restrict" }),
    status: essayAttemptStatus("status").notNull().default("onProgress"),
    startedAt: ts("started_at").notNull(),
    deadlineAt: ts("deadline_at").notNull(),
    answer: text("answer").notNull().default(""),
    // Goes up by one on every saved draft; 0 before the first save.
    draftVersion: integer("draft_version").notNull().default(0),
    draftSavedAt: ts("draft_saved_at"),
    attachmentIds: jsonb("attachment_ids").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    isBootcamp: boolean("is_bootcamp").notNull().default(false),
    submittedAt: ts("submitted_at"),
    submissionSource: essaySubmissionSource("submission_source"),
    // A grader's claim: nobody else may save marks until it expires.
    claimedBy: uuid("claimed_by").references(() => users.id, { onDelete: "set null" }),
    claimExpiresAt: ts("claim_expires_at"),
    // Set when an administrator assigned the submission to the claim's holder (docs/grading.md): such a
    // claim does not lapse (claim_expires_at stays null) until it is reassigned or the essay is graded.
    claimAssignedAt: ts("claim_assigned_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("essay_attempts_user_block_key").on(t.userId, t.blockId),
    index("essay_attempts_user_version_idx").on(t.userId, t.versionId),
    index("essay_attempts_running_deadline_idx").on(t.deadlineAt).where(sql`status = 'onProgress'`),
    // The graders' list and the studio's queue walk submissions by (submitted_at, id), keyset-paged,
    // in either direction; the course filter walks its own.
    index("essay_attempts_submitted_idx").on(t.submittedAt, t.id).where(sql`status <> 'onProgress'`),
    index("essay_attempts_course_submitted_idx").on(t.courseId, t.submittedAt, t.id).where(sql`status <> 'onProgress'`),
  ],
);

// Idempotency keys of applied essay saves.
export const essaySaveKeys = pgTable(
  "essay_save_keys",
  {
    attemptId: uuid("attempt_id")
      .notNull()
      .references(() => essayAttempts.id, { onDelete: "cascade" }),
    idempotencyKey: text("idempotency_key").notNull(),
    draftVersion: integer("draft_version").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.idempotencyKey] })],
);

// A file a learner uploaded for an essay; its stored name is made by the server.
export const essayUploads = pgTable(
  "essay_uploads",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockId: uuid("block_id")
      .notNull()
      .references(() => essayBlocks.id, { onDelete: "restrict" }),
    storagePath: text("storage_path").notNull(),
    originalName: text("original_name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("essay_uploads_user_block_idx").on(t.userId, t.blockId)],
);

// A grader's marks for a submitted essay: one per attempt, updated in place when a grader corrects it.
export const essayEvaluations = pgTable(
  "essay_evaluations",
  {
    id: id(),
    attemptId: uuid("attempt_id")
      .notNull()
      .references(() => essayAttempts.id, { onDelete: "cascade" }),
    graderId: uuid("grader_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    // criterion id -> { marks given, comment }
    marks: jsonb("marks").$type<Record<string, { givenMarks: number; comment: string | null }>>().notNull(),
    obtainedScore: real("obtained_score").notNull(),
    totalScore: real("total_score").notNull(),
    comment: text("comment"),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("essay_evaluations_attempt_key").on(t.attemptId)],
);

// Idempotency keys of applied evaluations, per grader: a resent evaluation is answered again and applied once,
// so a stale resend never overwrites a later correction.
export const essayEvaluationKeys = pgTable(
  "essay_evaluation_keys",
  {
    attemptId: uuid("attempt_id")
      .notNull()
      .references(() => essayAttempts.id, { onDelete: "cascade" }),
    graderId: uuid("grader_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    idempotencyKey: text("idempotency_key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.graderId, t.idempotencyKey] })],
);

// ---------- career services ----------

/**
 * A learner's career-services record, imported by an operator (career-services.yaml): the attempts at
 * the career-services eligibility test (CSET), the interviews granted and used, and the offers received.
 * One row per learner, replaced as a whole by each import.
 */
export const careerServiceRecords = pgTable("career_service_records", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  csetAttemptsAllowed: integer("cset_attempts_allowed").notNull(),
  csetAttempts: jsonb("cset_attempts").$type<{ takenAt: string; result: "pass" | "fail" }[]>().notNull().default(sql`'[]'::jsonb`),
  mockInterviewsGranted: integer("mock_interviews_granted").notNull().default(0),
  mockInterviewsUsed: integer("mock_interviews_used").notNull().default(0),
  clientInterviewsGranted: integer("client_interviews_granted").notNull().default(0),
  clientInterviewsUsed: integer("client_interviews_used").notNull().default(0),
  offers: jsonb("offers").$type<{ company: string; role: string; receivedAt: string }[]>().notNull().default(sql`'[]'::jsonb`),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

// ---------- certificates ----------

export const certificateKind = pgEnum("certificate_kind", ["course", "program"]);

/**
 * A certificate issued to a learner for a completed course, or a master certificate for a program
 * whose courses they all completed. At most one per learner and course (or program), whatever races:
 * the partial unique indexes below, with ON CONFLICT DO NOTHING on insert. What it certifies (the
 * learner's name, the title, the hours) is written when it is issued and never changes, so the
 * credential signed from it is the same every time. Revoking sets revokedAt; reissuing clears it: the
 * uid, and with it the share address, never change.
 */
export const certificates = pgTable(
  "certificates",
  {
    id: id(),
    // Public id of the share address: 160 random bits, base64url.
    uid: text("uid").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: certificateKind("kind").notNull(),
    // The course (kind course) or program (kind program) certified; kept null if it is later removed.
    courseId: uuid("course_id").references(() => courses.id, { onDelete: "set null" }),
    programId: uuid("program_id").references(() => programs.id, { onDelete: "set null" }),
    // The course version completed (kind course).
    versionId: uuid("version_id").references(() => courseVersions.id, { onDelete: "set null" }),
    // The learner's company when it was issued: its branding is the issuer's on the share page.
    companyId: uuid("company_id").references(() => companies.id, { onDelete: "set null" }),
    // Who issued it, by name: that company's name then, else the product's.
    issuerName: text("issuer_name").notNull(),
    recipientName: text("recipient_name").notNull(),
    title: text("title").notNull(),
    videoSeconds: integer("video_seconds").notNull(),
    // Position of the certificate in the published revocation status list (W3C Bitstring Status List).
    statusIndex: integer("status_index").generatedAlwaysAsIdentity(),
    issuedAt: ts("issued_at").notNull(),
    revokedAt: ts("revoked_at"),
    revocationReason: text("revocation_reason"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("certificates_uid_key").on(t.uid),
    index("certificates_user_idx").on(t.userId),
    uniqueIndex("certificates_status_index_key").on(t.statusIndex),
    uniqueIndex("certificates_user_course_key").on(t.userId, t.courseId).where(sql`kind = 'course'`),
    uniqueIndex("certificates_user_program_key").on(t.userId, t.programId).where(sql`kind = 'program'`),
  ],
);

// ---------- achievements ----------

// Badges awarded to a learner (services/achievements): one row per learner and badge, made once.
export const badgeAwards = pgTable(
  "badge_awards",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // The rule's id (services/achievements/badge-rules.ts).
    badgeId: text("badge_id").notNull(),
    // When the learner earned it: the time of the record that met the rule, not when it was stored.
    earnedAt: ts("earned_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("badge_awards_user_badge_key").on(t.userId, t.badgeId)],
);

// ---------- e-mail ----------

export const notificationKind = pgEnum("notification_kind", ["essayGraded", "meetingReminder"]);

// E-mails the mail server accepted, one row per mail job: a job run again (a retry after a crash, a
// second process) finds its row and sends nothing more.
export const mailDeliveries = pgTable("mail_deliveries", {
  jobId: uuid("job_id").primaryKey(),
  template: text("template").notNull(),
  recipient: text("recipient").notNull(),
  sentAt: ts("sent_at").notNull().defaultNow(),
});

// Notification e-mails a user turned off (no row: on), from the user menu or an e-mail's unsubscribe link.
export const notificationOptOuts = pgTable(
  "notification_opt_outs",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: notificationKind("kind").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

// The unsubscribe link of each notification e-mail sent: SHA-256 of its token, and what it turns off.
export const unsubscribeTokens = pgTable(
  "unsubscribe_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: notificationKind("kind").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("unsubscribe_tokens_user_idx").on(t.userId)],
);

// ---------- studio ----------

/**
 * A course's draft in the studio (docs/studio.md): the outline and items authors edit, as one
 * document in the content model's shape, and the revision every save names. Learners never read it;
 * publishing writes it into a new course version through the importer's writers. The revision also
 * guards the course's settings, so one number says whether anything changed since an editor read it.
 */
export const courseDrafts = pgTable("course_drafts", {
  courseId: uuid("course_id")
    .primaryKey()
    .references(() => courses.id, { onDelete: "cascade" }),
  revision: integer("revision").notNull().default(1),
  content: jsonb("content").$type<unknown>().notNull(),
  updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

// Every studio write: who, what, when, and a short before and after. Kept when the course or user goes.
// Append-only: a trigger refuses UPDATE and DELETE (migration 0016); a deleted user or course only clears its reference.
export const studioAudit = pgTable(
  "studio_audit",
  {
    id: id(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    courseId: uuid("course_id").references(() => courses.id, { onDelete: "set null" }),
    // The person a people write changed (docs/people.md).
    targetUserId: uuid("target_user_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    // The draft's revision this write made (null for writes outside the draft): a stale save lists the changes after its own.
    revision: integer("revision"),
    summary: text("summary").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: createdAt(),
  },
  (t) => [
    index("studio_audit_course_idx").on(t.courseId, t.createdAt),
    index("studio_audit_created_idx").on(t.createdAt, t.id),
    index("studio_audit_target_idx").on(t.targetUserId, t.createdAt, t.id),
    index("studio_audit_user_idx").on(t.userId, t.createdAt, t.id),
  ],
);

// An administrator's grant to one learner at one timed block (a multiple-choice block or an essay):
// more attempts (multiple-choice only) and more minutes for each attempt the learner starts from then
// on (a running attempt's deadline is moved when the grant is made). The learner's allowance is the
// block's plus the sum of their grants (docs/timed-attempts.md). Kept as history; never changed.
export const timedBlockGrants = pgTable(
  "timed_block_grants",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // mcq_blocks.id or essay_blocks.id, as `blockKind` says (no foreign key: two tables).
    blockId: uuid("block_id").notNull(),
    blockKind: text("block_kind").$type<"mcqBlock" | "essayBlock">().notNull(),
    extraAttempts: integer("extra_attempts").notNull().default(0),
    extraMinutes: integer("extra_minutes").notNull().default(0),
    reason: text("reason").notNull(),
    grantedBy: uuid("granted_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("timed_block_grants_user_block_idx").on(t.userId, t.blockId)],
);

// ---------- studio media ----------

export const mediaKind = pgEnum("media_kind", ["video", "captions", "document", "image"]);
// uploaded: stored, not yet processed; processing: the job is at work; ready: done (for a video:
// duration, poster and HLS renditions); failed: processing did not finish, `error` says why (the
// original file still plays).
export const mediaState = pgEnum("media_state", ["uploaded", "processing", "ready", "failed"]);

// A file uploaded in the studio (through /api/studio/uploads) and what processing made of it. Keys
// are file-store keys (the S3 bucket or UPLOAD_DIR): media/{id}/original.{ext}, media/{id}/poster.jpg,
// media/{id}/hls/master.m3u8.
export const mediaFiles = pgTable(
  "media_files",
  {
    id: id(),
    kind: mediaKind("kind").notNull(),
    originalName: text("original_name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    originalKey: text("original_key").notNull(),
    state: mediaState("state").notNull(),
    durationSeconds: integer("duration_seconds"),
    width: integer("width"),
    height: integer("height"),
    posterKey: text("poster_key"),
    hlsMasterKey: text("hls_master_key"),
    // Heights of the HLS renditions made, e.g. [360, 720].
    renditions: jsonb("renditions").$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    error: text("error"),
    uploadedBy: uuid("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("media_files_original_key_idx").on(t.originalKey)],
);

// ---------- xAPI ----------

export const xapiStatementState = pgEnum("xapi_statement_state", ["pending", "sent", "failed"]);

// The xAPI statements of learning events (services/xapi), written in the transaction of the event
// itself: an event rolled back leaves no statement, and none committed is lost. The id is the
// statement's own id, a UUID made from the event's key, so an event recorded twice is one row and the
// LRS is sent one statement however often its delivery is tried.
export const xapiStatements = pgTable(
  "xapi_statements",
  {
    id: uuid("id").primaryKey(),
    // What happened, to whom: e.g. video-completed:{userId}:{videoId}.
    eventKey: text("event_key").notNull(),
    // The verb's short name (completed, passed, failed, answered, scored, earned).
    verb: text("verb").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // The statement as sent to the LRS (xAPI 1.0.3 JSON).
    statement: jsonb("statement").$type<Record<string, unknown>>().notNull(),
    // When the event happened (the statement's timestamp).
    occurredAt: ts("occurred_at").notNull(),
    // pending: waiting for the LRS (or for one to be configured); sent: the LRS stored it; failed: the LRS refused it (4xx).
    state: xapiStatementState("state").notNull().default("pending"),
    // Tries made to send it, and the LRS's last answer to a try that did not store it.
    tries: integer("tries").notNull().default(0),
    lastAnswer: jsonb("last_answer").$type<{ status: number | null; body: string }>(),
    sentAt: ts("sent_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("xapi_statements_occurred_idx").on(t.occurredAt),
    index("xapi_statements_pending_idx").on(t.createdAt).where(sql`state = 'pending'`),
  ],
);
