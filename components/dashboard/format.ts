/** Dates and times shown on the dashboard, in the learner's time zone; one locale on server and browser so the first render matches. */
export const formatDate = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone }).format(new Date(iso));

export const formatDateTime = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat("en-GB", { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", timeZone, timeZoneName: "short" }).format(
    new Date(iso),
  );
