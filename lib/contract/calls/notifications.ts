import { z } from "zod";
import { defineCall } from "../call";

// E-mail notifications a learner may turn off: from the user menu's page, or an e-mail's unsubscribe link.

export const NOTIFICATION_KINDS = ["essayGraded", "meetingReminder"] as const;

export const notificationSettings = z
  .object({
    essayGraded: z.boolean({ error: "essayGraded must be true or false" }).describe("An e-mail with the marks and a link when a grader marks one of the learner's essays"),
    meetingReminder: z
      .boolean({ error: "meetingReminder must be true or false" })
      .describe("An e-mail with the join link and the calendar file an hour before each group session the learner registered for"),
  })
  .meta({ id: "NotificationSettings" });

export const getNotificationSettings = defineCall({
  method: "GET",
  group: "/user",
  path: "/notifications",
  summary: "Which notification e-mails the signed-in user receives.",
  access: "learner",
  response: notificationSettings,
});

export const setNotificationSettings = defineCall({
  method: "PUT",
  group: "/user",
  path: "/notifications",
  summary: "Turns notification e-mails on or off for the signed-in user; kinds left out stay as they are.",
  access: "learner",
  body: notificationSettings.partial(),
  response: notificationSettings,
});

export const unsubscribe = defineCall({
  method: "POST",
  group: "/user",
  path: "/notifications/unsubscribe",
  summary:
    "Turns off the kind of notification e-mail a link came in, without signing in: the unsubscribe page's button, and mail clients' one-click List-Unsubscribe (RFC 8058, which posts List-Unsubscribe=One-Click; the body is not read).",
  access: "anonymous",
  errors: ["unsubscribe_link_unknown"],
  query: z.object({
    token: z
      .string({ error: "token is required: use the link from the e-mail" })
      .regex(/^[A-Za-z0-9_-]{20,100}$/, "token is not a link's token: use the link from the e-mail"),
  }),
  response: z.object({
    kind: z.enum(NOTIFICATION_KINDS).describe("The kind of e-mail now turned off"),
    message: z.string(),
  }),
});
