/** HTTP statuses the API answers with when it refuses. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 423 | 429 | 500 | 503;

/**
 * Every machine-readable code an error answer may carry (`code` of the error body), each with the one
 * status it is answered with. A client switches on these, never on the message, which may be reworded.
 * The calls that may answer a code list it in their definition (`errors`, see call.ts); the codes
 * every call of a kind may answer (a bad query, no session...) are added by `callErrorCodes`.
 */
export const ERROR_CODE_STATUS = {
  // ---------- any call, from the route helper and the error handler ----------
  /** The query or body does not parse (the message names the field), is not JSON, or holds a NUL character. */
  bad_request: 400,
  /** No session token, an ended session, or a sign-in link that cannot be used. */
  unauthorized: 401,
  /** The signed-in user's role is below the one the call asks for (grader, author or admin). */
  role_required: 403,
  /** The signed-in user may not touch this data (no more precise code applies). */
  forbidden: 403,
  /** What the call names does not exist, or is not visible to the user (no more precise code applies). */
  not_found: 404,
  /** The data is not in a state that allows the change (no more precise code applies). */
  conflict: 409,
  /** A JSON body larger than the API takes (1 MB). */
  payload_too_large: 413,
  /** A body sent as something else than the call takes (JSON, or a multipart form). */
  unsupported_media_type: 415,
  /** Too many requests from this address or for this e-mail; Retry-After says when to try again. */
  too_many_requests: 429,
  /** The database cannot be reached for a moment; Retry-After says when to try again. */
  unavailable: 503,

  // ---------- catalogue ----------
  /** The learner may not enroll in the course by themselves (the message says why); `details`: `reason` (`archived`, or the enrollment decision's basis: `batch` access ended, `paid`, `premiumPlan`), `course` (its name) and for `paid` the `price`. */
  enrollment_not_allowed: 403,

  // ---------- challenges ----------
  /** A timed attempt the learner may not start: not enrolled, the course not started yet, access ended, or premium only; `details`: `reason` (`notEnrolled`, `notStarted`, `accountExpired`, `premiumOnly`, or `programOrder`, whose message is the program's own) and `block` (`mcqBlock` or `essayBlock`). */
  challenge_locked: 403,
  /** An answer, draft, file or submission for a timed attempt the learner has not started. */
  attempt_not_started: 409,
  /** An answer, draft or file for an attempt already submitted. */
  attempt_closed: 409,
  /** A write that reached the server after the attempt's deadline; it was not saved. */
  time_up: 409,
  /** A new attempt at a multiple-choice block whose attempts are all used. */
  attempts_exhausted: 409,
  /** An essay's final submission with fewer words than the essay asks for (drafts are still saved). */
  too_few_words: 400,
  /** An essay's final submission with more words than the essay allows (drafts are still saved). */
  too_many_words: 400,
  /** An essay draft saved on an older draft version than the server's (another tab or device saved since). */
  draft_conflict: 409,
  /** The question answered is not part of the multiple-choice block. */
  unknown_question: 400,
  /** A chosen option is not an option of the question. */
  unknown_option: 400,
  /** An option is chosen twice in one answer. */
  duplicate_option: 400,
  /** More options are chosen than the question allows. */
  too_many_options: 400,
  /** An uploaded file is larger than it may be; `details`: `reason` (what it is: `essay`, `peopleCsv`, `membersCsv`, `scorm`) and `maxBytes` (a studio media upload names the file and its kind's limits in the message only). */
  file_too_large: 413,
  /** An uploaded file is empty. */
  empty_file: 400,
  /** An uploaded file's content is none of the types it may be; for an essay, `details`: `reason` `essay` and `types` (the formats besides plain text, "PDF, PNG, JPEG, DOCX, ZIP"); a studio media upload names the file and its kind's types in the message only. */
  unsupported_file_type: 415,
  /** The essay attempt holds as many files as it may. */
  too_many_files: 409,
  /** A submitted file address is not a file the learner uploaded for this essay. */
  unknown_upload: 400,
  /** An essay submitted with neither text nor a file. */
  empty_answer: 400,

  // ---------- grading ----------
  /** No submitted essay has this id. */
  submission_not_found: 404,
  /** A grader's claim or evaluation of their own essay. */
  own_submission: 403,
  /** Another grader holds the submission's claim; `details`: `reason` (`assigned` by an administrator, or `claimed` until `until`, an ISO time), `holder` (their name, when known). */
  claimed_by_other: 409,
  /** Another grader evaluated the submission: only they can correct it; `details`: `grader` (their name) and `evaluatedAt` (ISO), when known. */
  evaluated_by_other: 409,
  /** An evaluation marks a criterion the essay does not have. */
  unknown_criterion: 400,
  /** An evaluation marks a criterion twice. */
  duplicate_criterion: 400,
  /** An evaluation gives a criterion more marks than it is out of; `details`: `criterion` (its name), `outOf` and `given`. */
  marks_out_of_range: 400,
  /** An evaluation leaves a criterion without marks; `details`: `criteria` (their names, quoted, as the message lists them) and `count`. */
  missing_criterion: 400,

  // ---------- career services ----------
  /** The learner's plan does not include career services. */
  career_services_required: 403,

  // ---------- meetings ----------
  /** No group session the user may see has this id. */
  meeting_not_found: 404,
  /** A registration change for a group session that is over. */
  meeting_over: 409,
  /** A group session an administrator cancelled: it cannot be registered for or changed. */
  meeting_cancelled: 409,
  /** A new group session whose start is not in the future (the message names startLocal). */
  meeting_start_past: 400,
  /** A start that does not exist, or that the session's time zone skips or repeats when its clocks change (the message says which and names startLocal); `details`: `reason` (`nonexistent`, `gap` or `ambiguous`), `startLocal`, and `timeZone`, with for `ambiguous` the two offsets `first` and `second`. */
  meeting_time_invalid: 400,

  // ---------- certificates ----------
  /** No certificate has this id or address. */
  certificate_not_found: 404,
  /** The certificate was revoked by its issuer, or withdrawn when its holder's account was deleted; `details` says which (`withdrawn`) and when (`revokedAt`). */
  certificate_revoked: 410,
  /** The server has no key to sign certificates with (a deployment setting is missing). */
  signing_key_missing: 503,

  // ---------- studio ----------
  /** A studio save based on an older revision of the course than the server's; `details` holds the current revision and the changes since. */
  stale_revision: 409,
  /** Deleting an item some learners have progress on, without `confirm`; `details.learnersWithProgress` says how many. */
  delete_needs_confirmation: 409,
  /** The outline names no chapter, sub-chapter or item with this id, or not of the kind the call needs; `details`: `reason` (`unknown`, `notAnItem` with the node's `kind`, or `scormItem`, whose package is not edited field by field) and `id`. */
  outline_node_not_found: 404,
  /** A move or add under a parent of the wrong kind, or item fields of another kind than the item's; for a place, `details.reason` says the rule (`chapterHasNoParent`, `subChapterNeedsChapter`, `itemNeedsSubChapter`, `moveToChapter`, `moveToSubChapter`, `subChapterInChapter`, `itemInSubChapter`). */
  bad_outline_place: 400,
  /** Another course already uses this slug id. */
  slug_taken: 409,
  /** Publishing a draft that is not a complete course yet (the message names the field). */
  draft_incomplete: 400,
  /** Another version of the course already has this name. */
  version_name_taken: 409,

  /** A SCORM package the outline editor refused (not a zip, no manifest, an unsafe entry, over a limit): the message names the problem; nothing was stored. */
  scorm_package_refused: 422,

  // ---------- studio people ----------
  /** Another person already has this e-mail (the message names it); `details.email` is it. */
  email_taken: 409,
  /** No batch has this key (the message names it); `details`: `field` (`batch` or `batches`), `keys` (quoted, as the message lists them) and `count`. */
  unknown_batch: 400,
  /** No person has this id. */
  person_not_found: 404,
  /** An administrator's change that would lock themselves out: deactivating their own account or dropping their own admin role. */
  own_account: 409,
  /** An invitation to a deactivated person: reactivate them first. */
  person_deactivated: 409,
  /** A people CSV file with bad rows: nothing was written; `details.problems` lists each by line and reason. */
  people_import_invalid: 422,
  /** A grant for a block id that is no multiple-choice block or essay. */
  block_not_found: 404,
  /** The person is not enrolled where the change applies: a grant at a block of a course version they are not enrolled in, or a version move of a course they are not enrolled in. */
  not_enrolled: 409,

  // ---------- studio batches ----------
  /** No batch has this id. */
  batch_not_found: 404,
  /** Another batch already has this key (the message names it); `details.key` is it. */
  batch_key_taken: 409,
  /** A batch that cannot be deleted: it has members, or someone was enrolled through it (the message says which; end it by its last day of access); `details`: `key`, `members` and `enrollments` (counts). */
  batch_in_use: 409,
  /** No company has this id. */
  company_not_found: 404,
  /** Another company already has this key (the message names it); `details.key` is it. */
  company_key_taken: 409,
  /** Another company has this host pattern, or a wildcard pattern would also match another company's host (the message names the company and its pattern); `details`: `reason` (`taken`, `takenByAnother` when the company is not known, or `covers` with the other company's `host`), `pattern`, and the other company's `company` (name) and `companyKey`. */
  company_host_pattern_taken: 409,
  /** A logo, dark logo or login background that is not an image uploaded in the studio, or one larger than the field takes (the message names the field); `details`: `reason` (`notUploaded` or `missing` with the `url`, `notImage` with the `file` and its `kind`, `tooLarge` with the `file`, `sizeBytes` and `maxBytes`) and `field`. */
  company_image_invalid: 400,
  /** A company that cannot be deleted: people belong to it, or certificates were issued under its brand (the message says how many); `details`: `key`, `people` and `certificates` (counts). */
  company_in_use: 409,
  /** No program has this id: a batch's program, or a report's `program` filter (the message names the field). */
  unknown_program: 400,
  /** A batch whose access end is not after its start (the message names both). */
  batch_dates_invalid: 400,
  /** A batch members CSV file with bad or unknown e-mails: nobody was added; `details.problems` lists each by line. */
  batch_members_import_invalid: 422,
  /** Removing a person who is not a member of the batch. */
  not_batch_member: 404,

  // ---------- studio programs ----------
  /** Another program already has this key (the message names it); `details.key` is it. */
  program_key_taken: 409,
  /** A course listed twice in a program (the message names it); `details`: `field` (`courses.N.courseId`) and `course` (its id). */
  duplicate_course: 400,
  /** A program saved on an older revision than the stored one: another administrator changed it meanwhile; nothing was written. `details`: `currentRevision`, `program` (as it now is), `yourRevision`, and who changed it last and when (`changedBy`, `changedAt`), when known. */
  stale_program_revision: 409,
  /** A program that cannot be deleted: learners are enrolled in it, or batches take it (the message says which); `details`: `key`, `learners` (a count), `batchCount` and `batches` (their keys, comma-separated). */
  program_in_use: 409,

  // ---------- studio jobs ----------
  /** No job has this id (the engine keeps finished jobs for a while, then drops them). */
  job_not_found: 404,
  /** A job that is neither failed nor waiting to be retried: it is queued, running, done or withdrawn (the message says which); `details.state` is the engine's state (`created`, `active`, `completed`, `cancelled`). */
  job_not_retryable: 409,

  // ---------- xapi ----------
  /** A date range holding more statements than one export carries: a shorter range is asked for (the message gives the count); `details`: `from`, `to` (days), `total` and `max`. */
  export_too_large: 413,

  // ---------- studio grading ----------
  /** An essay assigned to someone who may not grade: not a grader or administrator, or deactivated (the message names them); `details`: `reason` (`role` with their `role`, or `deactivated`) and `person` (their name). */
  not_a_grader: 400,
  /** Assigning an essay that is already graded: its grader alone may correct it; `details.grader` names them, when known. */
  submission_graded: 409,

  // ---------- studio enrollment ----------
  /** No course has this id (studio enrollment). */
  course_not_found: 404,
  /** No program has this id. */
  program_not_found: 404,
  /** A course with no published version, or an archived one, or a program with no published course: nobody can be enrolled in it; `details`: `reason` (`archived`, `unpublished` with `course`, or `programEmpty` with `program`, by name). */
  course_not_enrollable: 409,
  /** No published version of any course has this id. */
  version_not_found: 404,
  /** The version named belongs to another course. */
  version_of_another_course: 400,
  /** No purchase request has this id. */
  purchase_request_not_found: 404,
  /** The purchase request was answered already (the message says how); `details`: `status` (`granted` or `declined`) and `answeredAt` (ISO). */
  purchase_request_answered: 409,

  // ---------- studio reports ----------
  /** A report's `course` filter names no course, a program's course list holds an id no course has (the message names it), or a group session names no course; `details`: `reason` (`report` with `course`, `program` with `field` and `course`, or `session`). */
  unknown_course: 400,

  // ---------- notifications ----------
  /** An unsubscribe link the server does not know. */
  unsubscribe_link_unknown: 404,
} as const satisfies Record<string, ErrorStatus>;

export type ErrorCode = keyof typeof ERROR_CODE_STATUS;

/** Every error code, in the order above. */
export const ERROR_CODES = Object.keys(ERROR_CODE_STATUS) as [ErrorCode, ...ErrorCode[]];

/** The codes answered with status S. */
export type ErrorCodeAt<S extends ErrorStatus> = { [C in ErrorCode]: (typeof ERROR_CODE_STATUS)[C] extends S ? C : never }[ErrorCode];
