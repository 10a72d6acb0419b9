/** No other area uses studio-jobs: what one comes to need is exported here, and imported from "../studio-jobs" only. */
export {};
