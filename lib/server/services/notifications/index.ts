/**
 * The notifications area's public face: the service of each of its calls (a call's contract key,
 * client function, service function and file share one name). Another area that comes to need
 * something of notifications imports it from here only.
 */
export { getNotificationSettings } from "./get-notification-settings";
export { setNotificationSettings } from "./set-notification-settings";
export { unsubscribe } from "./unsubscribe";
