import type { StudioPerson } from "@/lib/api/studio-people";

export const USER_KINDS = ["Customer", "Employee"] as const;
export const PLANS = ["Basic", "Premium"] as const;
export const ROLES = ["learner", "grader", "author", "admin"] as const;
export const LANGUAGES = ["English", "Hindi", "Tamil", "Telugu", "Others"] as const;

/** The invitation's state in words, with the mail server's reason when there is one. */
export function invitationText(invitation: StudioPerson["invitation"]): string {
  if (!invitation) return "Not invited";
  if (invitation.state === "sent") return "Invitation sent";
  if (invitation.state === "failed") return `Invitation failed${invitation.reason ? `: ${invitation.reason}` : ""}`;
  return `Invitation queued${invitation.reason ? ` (retrying: ${invitation.reason})` : ""}`;
}

export const invitationTone = (invitation: StudioPerson["invitation"]) =>
  !invitation
    ? "bg-slate-100 text-ink dark:bg-slate-800 dark:text-ink-dark"
    : invitation.state === "sent"
      ? "bg-green-100 text-green-900 dark:bg-green-900/40 dark:text-green-100"
      : invitation.state === "failed"
        ? "bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100"
        : "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100";

/** An access end as a date input shows it (YYYY-MM-DD), and back: the end of that day, UTC. */
export const dateInputOf = (iso: string | null) => (iso ? new Date(new Date(iso).getTime() - 1).toISOString().slice(0, 10) : "");
export const expiryOf = (date: string) => (date ? new Date(new Date(`${date}T00:00:00Z`).getTime() + 24 * 60 * 60 * 1000).toISOString() : null);
