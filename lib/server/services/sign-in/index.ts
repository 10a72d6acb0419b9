/**
 * The sign-in area's public face: the service of each of its calls (a call's contract key, client
 * function, service function and file share one name), and what other areas use: the session a
 * request carries (stored files and essay uploads check it themselves).
 */
export { findSession } from "./sessions";
export { requestSignInLink, queueSignInLink, OPERATOR_LINK_TTL_MS } from "./request-sign-in-link";
export { finishLogin } from "./finish-login";
export { logout } from "./logout";
export { getUserProfile } from "./get-user-profile";
export { updatePreferredLanguage } from "./update-preferred-language";
export { inviteUsers } from "./invite-users";
