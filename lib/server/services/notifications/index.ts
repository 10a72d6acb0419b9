/** No other area uses notifications: what one comes to need is exported here, and imported from "../notifications" only. */
export {};
