// The values of the list filters a page reads from its address. Plain lists, so the browser can check
// an address without the contract's schemas; common.ts builds its enumerations from them.

export const DOMAIN_NAMES = ["Mechanical", "Computer Science", "Electrical", "Embedded", "Civil", "Telecom", "Micromodule"] as const;
export type DomainName = (typeof DOMAIN_NAMES)[number];

export const DURATION_FILTERS = ["Less than 10 hours", "10 - 20 hours", "Greater than 20 hours"] as const;
export type DurationFilter = (typeof DURATION_FILTERS)[number];

export const ASSIGNMENT_FILTERS = ["unassigned", "pending", "completed", "all"] as const;
export type AssignmentFilter = (typeof ASSIGNMENT_FILTERS)[number];

export const COURSE_TYPES = ["mandatory", "nonMandatory", "complimentary"] as const;
export type CourseType = (typeof COURSE_TYPES)[number];

export const MEETING_RANGES = ["upcoming", "live", "past"] as const;
export type MeetingRange = (typeof MEETING_RANGES)[number];

/** The value when it is one of `values`, else undefined. */
export function oneOf<const T extends readonly string[]>(values: T, value: string | null | undefined): T[number] | undefined {
  return value != null && (values as readonly string[]).includes(value) ? (value as T[number]) : undefined;
}
