export const card = "rounded-card bg-white p-4 ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700";
export const muted = "text-ink-muted dark:text-ink-dark-muted";
