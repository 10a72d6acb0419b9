/**
 * The shell area's public face: the service of each of its calls (a call's contract key, client
 * function, service function and file share one name). Another area that comes to need something
 * of shell imports it from here only.
 */
export { recordClientLog } from "./record-client-log";
export { recordUserEvent } from "./record-user-event";
export { getBranding } from "./get-branding";
export { exportMyData } from "./export-my-data";
export { BRAND_CACHE_MS, forgetCompanyBrands } from "./get-branding";
