/** No other area uses learning: what one comes to need is exported here, and imported from "../learning" only. */
export {};
