import { z } from "zod";
import { defineCall } from "../call";
import { preferredLanguage, successBody } from "../common";
import { userProfile } from "../user";

// Signing in and the signed-in user's profile.

export const getUserProfile = defineCall({
  method: "GET",
  group: "/user",
  path: "/info",
  summary: "The signed-in user's profile.",
  access: "learner",
  response: userProfile,
});

export const updatePreferredLanguage = defineCall({
  method: "PATCH",
  group: "/user",
  path: "/preferredLanguage",
  summary:
    "Changes the signed-in user's preferredLanguage, which chooses the language of their pages and e-mails (English, Hindi, Tamil or Telugu; Others reads English). Answers the profile as it is now.",
  access: "learner",
  errors: ["bad_request"],
  body: z.object({
    preferredLanguage: preferredLanguage.describe("English, Hindi, Tamil, Telugu or Others"),
  }),
  response: userProfile,
});

export const requestSignInLink = defineCall({
  method: "POST",
  group: "/auth",
  path: "/login/invite",
  summary:
    "Asks for a sign-in link. The answer is the same whether or not the e-mail belongs to a user; a link goes out only when it does.",
  access: "anonymous",
  errors: ["bad_request", "too_many_requests"],
  body: z.object({
    value: z.string({ error: "value must be a string" }).describe("The e-mail address to send the link to"),
    redirectUrl: z
      .string()
      .max(2000)
      .optional()
      .describe("A path on this site to land on after signing in; anything else is replaced by /dashboard"),
  }),
  response: successBody,
});

export const finishLogin = defineCall({
  method: "POST",
  group: "/auth",
  path: "/finishLogin",
  summary: "Exchanges the token of an e-mailed link for a session. A link works once and expires.",
  access: "anonymous",
  errors: ["unauthorized"],
  status: 201,
  body: z.object({
    inviteId: z.string({ error: "inviteId must be a string" }).min(1, "inviteId is required").max(200).describe("The token from the sign-in link"),
  }),
  response: z.object({
    userToken: z.string().describe("Session token, sent back as Authorization: Bearer"),
    expiresAt: z.string().describe("When the session ends (ISO 8601)"),
    redirectUrl: z.string().describe("Path to open next"),
    redirectTitle: z.string().describe("Name of that page, for a 'Taking you to ...' message"),
    userInfo: userProfile,
  }),
});

export const logout = defineCall({
  method: "POST",
  group: "/auth",
  path: "/logout",
  summary: "Ends the current session on the server; its token stops working at once.",
  access: "learner",
  response: successBody,
});
