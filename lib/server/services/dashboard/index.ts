/** No other area uses dashboard: what one comes to need is exported here, and imported from "../dashboard" only. */
export {};
