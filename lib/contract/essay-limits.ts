// An essay's limits, apart from the essay calls' schemas so the browser's editor can read them
// without loading the contract.
export const ESSAY_MAX_CHARACTERS = 50_000;
