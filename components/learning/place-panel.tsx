"use client";

import dynamic from "next/dynamic";
import type { ComponentProps } from "react";
import type { ChallengePanel as ChallengePanelType } from "@/components/challenges/challenge-panel";
import type { VideoPanel as VideoPanelType } from "@/components/learning/video-panel";

// A place shows a video or a challenge, never both. Each panel's code (the player, or the timed blocks
// and the essay editor) is a chunk of its own, which only the places that show it load; the server
// still draws the panel, and the page sends the chunk it drew with. (A dynamic import in the server's
// page would not split them: the page's client code would carry both.)
const VideoPanel = dynamic(() => import("@/components/learning/video-panel").then((m) => m.VideoPanel));
const ChallengePanel = dynamic(() => import("@/components/challenges/challenge-panel").then((m) => m.ChallengePanel));

/** The learning page's main panel: the video's, or the challenge's. */
export function PlacePanel(props: ({ kind: "video" } & ComponentProps<typeof VideoPanelType>) | ({ kind: "challenge" } & ComponentProps<typeof ChallengePanelType>)) {
  if (props.kind === "video") return <VideoPanel query={props.query} batchId={props.batchId} courseImage={props.courseImage} />;
  return <ChallengePanel item={props.item} courseId={props.courseId} />;
}
