/** No other area uses grading: what one comes to need is exported here, and imported from "../grading" only. */
export {};
