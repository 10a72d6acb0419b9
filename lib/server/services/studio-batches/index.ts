/**
 * The studio-batches area's public face: the service of each of its calls (a call's contract key,
 * client function, service function and file share one name).
 */
export { listBatches } from "./list-batches";
export { listBatchPrograms } from "./list-batch-programs";
export { getBatch } from "./get-batch";
export { createBatch } from "./create-batch";
export { updateBatch } from "./update-batch";
export { addBatchMembers } from "./add-batch-members";
export { importBatchMembers } from "./import-batch-members";
export { removeBatchMember } from "./remove-batch-member";
export { deleteBatch } from "./delete-batch";
