// The log's limits, apart from the log call's schemas so the browser's log queue can read them
// without loading the contract.
export const LOG_BATCH_MAX = 50;
export const LOG_MESSAGE_MAX = 2000;
export const LOG_CONTEXT_MAX = 4000;
