import type { MeetingListQuery } from "@/lib/api/meetings";
import { MEETING_RANGES, oneOf } from "@/lib/contract/filters";

/** The sessions list's state, kept in the page's address (?range=&course=&page=) so it survives a reload and can be shared. */
export const RANGES = [
  { key: "upcoming", label: "Upcoming" },
  { key: "live", label: "Live" },
  { key: "past", label: "Past" },
] as const;
export type RangeKey = (typeof RANGES)[number]["key"];

export const SESSIONS_PAGE_SIZE = 6;

export interface MeetingListState {
  range: RangeKey;
  courseId?: string;
  page: number;
}

type Params = { get: (name: string) => string | null };

export function readMeetingListState(params: Params): MeetingListState {
  return {
    range: oneOf(MEETING_RANGES, params.get("range")) ?? "upcoming",
    courseId: params.get("course")?.slice(0, 100) || undefined,
    page: Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1),
  };
}

/** The /GroupMeeting/meetings query of a state. */
export const meetingListQueryOf = (s: MeetingListState): MeetingListQuery => ({
  rangeType: s.range,
  pageNumber: s.page,
  pageSize: SESSIONS_PAGE_SIZE,
  ...(s.courseId ? { courseIds: [s.courseId] } : {}),
});
