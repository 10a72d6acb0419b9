/** No other area uses career-services: what one comes to need is exported here, and imported from "../career-services" only. */
export {};
