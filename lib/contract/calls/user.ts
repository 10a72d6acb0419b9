import { z } from "zod";
import { defineCall } from "../call";
import { successBody, videoProvider } from "../common";
import { idempotencyKey, videoWatchRecord, watchDuration } from "../entities";
import { userProfile } from "../user";

export const getUserInfo = defineCall({
  method: "GET",
  group: "/user",
  path: "/info",
  summary: "The signed-in user's profile.",
  auth: true,
  response: userProfile,
});

const campaign = z
  .object({
    utmSource: z.string().max(500),
    utmSourceMedium: z.string().max(500),
    utmSourceContent: z.string().max(500),
    utmSourceSet: z.string().max(500),
    utmSourceCampaign: z.string().max(500),
    utmNetwork: z.string().max(500),
    utmDevice: z.string().max(500),
    utmKeyword: z.string().max(500),
    googleClickId: z.string().max(500),
    facebookClickId: z.string().max(500),
  })
  .partial()
  .describe("Campaign data taken from the campaign cookies");

export const postUserEvent = defineCall({
  method: "POST",
  group: "/user",
  path: "/events",
  summary: "Records a product-analytics event for the signed-in user.",
  auth: true,
  body: z.object({
    eventName: z.string({ error: "eventName must be a string" }).trim().min(1, "eventName is required").max(100, "eventName is at most 100 characters"),
    event: z
      .record(z.string(), z.unknown())
      .default({})
      .refine((v) => JSON.stringify(v).length <= 8_000, "event is at most 8000 characters of JSON")
      .describe("Free-form properties of the event"),
    campaign: campaign.optional(),
    idempotencyKey: idempotencyKey.optional(),
  }),
  response: successBody,
});

const idOf = (name: string) => z.string({ error: `${name} must be a string` }).min(1, `${name} is required`).max(100, `${name} is too long`);

export const addVideoWatchRecord = defineCall({
  method: "POST",
  group: "/user",
  path: "/addVideoWatchRecord",
  summary:
    "Records how much of a video the learner has watched. Sent every few seconds while a video plays and when the page is hidden; a video counts complete once enough of it is watched.",
  auth: true,
  body: z.object({
    batchId: idOf("batchId").nullable().optional(),
    courseId: idOf("courseId"),
    versionId: idOf("versionId"),
    videoId: idOf("videoId"),
    videoSrc: z.string().max(2000, "videoSrc is at most 2000 characters").optional().describe("What the player played"),
    videoProvider: videoProvider.optional(),
    watchDuration: watchDuration,
    idempotencyKey,
    recordedAt: z.iso
      .datetime({ offset: true, error: "recordedAt must be an ISO 8601 date and time" })
      .optional()
      .describe("When the client made the record, by its clock; a record that arrives after a newer one does not move the resume position back"),
  }),
  response: videoWatchRecord,
});
