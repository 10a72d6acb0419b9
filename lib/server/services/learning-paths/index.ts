/** No other area uses learning-paths: what one comes to need is exported here, and imported from "../learning-paths" only. */
export {};
