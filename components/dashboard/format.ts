/**
 * The locale dates are written in: English keeps the British order ("29 Nov 2026") the pages have
 * always used; Hindi, Tamil and Telugu use their own (India's) forms.
 */
export const dateLocale = (locale: string) => (locale === "en" ? "en-GB" : `${locale}-IN`);

/** Dates and times shown on the dashboard, in the learner's time zone and the page's language; one locale on server and browser so the first render matches. */
export const formatDate = (iso: string, timeZone: string, locale = "en") =>
  new Intl.DateTimeFormat(dateLocale(locale), { day: "numeric", month: "short", year: "numeric", timeZone }).format(new Date(iso));

export const formatDateTime = (iso: string, timeZone: string, locale = "en") =>
  new Intl.DateTimeFormat(dateLocale(locale), { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", timeZone, timeZoneName: "short" }).format(
    new Date(iso),
  );

/** "12 March 2025" in English: issue dates as certificates print them (UTC, so every viewer reads the same day), in the page's language. */
export const formatIssueDay = (iso: string, locale = "en") =>
  new Intl.DateTimeFormat(dateLocale(locale), { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(iso));
