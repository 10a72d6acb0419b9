/**
 * The scorm area's public face: what the content importer and the routes use to check, unpack
 * and serve SCORM packages. Another area imports scorm from here only.
 */
export { ScormPackageError, type ScormPackageProblem } from "./package-error";
export { checkScormPackage, scormPackageLimits, unpackScormPackage, type ScormPackageContents, type ScormPackageLimits } from "./read-package";
export type { ScormManifest, ScormVersion } from "./read-manifest";
export { packageFileKey, packageFolder } from "./package-files";
export { LAUNCH_HOURS, packageOfLaunch, startScormLaunch } from "./scorm-launch";
export { contentSecurityPolicy, scormFileHeaders } from "./file-headers";
export { openScormItem } from "./open-scorm-item";
export { commitScormItem } from "./commit-scorm-item";
export { cmiResults, launchCmi, loadScormAttempt } from "./scorm-attempt";
export { bridgedPage, withBridge } from "./scorm-bridge";
