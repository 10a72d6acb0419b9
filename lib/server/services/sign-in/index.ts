/** What other areas use of sign-in: the session a request carries (stored files and essay uploads check it themselves). */
export { findSession } from "./sessions";
