/**
 * The career-services area's public face: the service of each of its calls (a call's contract key,
 * client function, service function and file share one name). Another area that comes to need
 * something of career-services imports it from here only.
 */
export { getCareerServicesStatistics } from "./get-career-services-statistics";
export { getCareerServices } from "./get-career-services";
export { CSET_DEFAULT_ATTEMPTS } from "./career-services-figures";
