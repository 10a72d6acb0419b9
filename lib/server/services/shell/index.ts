/** No other area uses shell: what one comes to need is exported here, and imported from "../shell" only. */
export {};
