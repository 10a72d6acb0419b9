/**
 * The studio-media area's public face: the service of each of its calls (a call's contract key,
 * client function, service function and file share one name), and what the tus endpoint and the job
 * engine hand their work to. Another area imports studio-media from here only.
 */
export { getMedia } from "./get-media";
export { checkUploadRequest, receiveUpload } from "./receive-upload";
export { processMedia } from "./process-media";
export { fileUrlOf, studioMediaOf } from "./media-record";
