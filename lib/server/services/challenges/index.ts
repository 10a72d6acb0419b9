/**
 * The challenges area's public face: the service of each of its calls (a call's contract key,
 * client function, service function and file share one name), and what other areas use: a block as
 * the learning page shows it before an attempt, and moving essay attempts to a new course version.
 */
export { essayBlockBeforeAttempt, mcqBlockBeforeAttempt } from "./challenge-page";
export { migrateEssayAttempts, type EssayMigration } from "./migrate-essay-attempts";
export { getMcqBlock } from "./get-mcq-block";
export { getMcqBlockState } from "./get-mcq-block-state";
export { startMcqBlock } from "./start-mcq-block";
export { answerMcqQuestion } from "./answer-mcq-question";
export { submitMcqBlock } from "./submit-mcq-block";
export { getEssayBlock } from "./get-essay-block";
export { getEssayBlockState } from "./get-essay-block-state";
export { startEssayBlock } from "./start-essay-block";
export { submitEssayBlock } from "./submit-essay-block";
export { essayUploadMaxBytes } from "./upload-essay-file";
export { fileTooLargeMessage } from "./upload-essay-file";
export { uploadEssayFile } from "./upload-essay-file";
export { readEssayUpload } from "./read-essay-upload";
export { closeOverdueEssay } from "./close-essay-attempt";
export { closeMcqAttempt } from "./close-mcq-attempt";
export { closeOverdueAttempts } from "./close-overdue-attempts";
export { scheduleAttemptClose } from "./schedule-attempt-close";
export { isOverdue } from "./timing";
