/** The studio's panels, buttons and links, one look for every administrator's page. */
export const panelClass = "rounded-card bg-white p-4 ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700";
export const buttonClass = "inline-flex items-center gap-2 rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60";
export const secondaryClass =
  "inline-flex items-center gap-2 rounded-md px-4 py-2 text-sm font-semibold text-ink ring-1 ring-slate-300 hover:bg-slate-100 disabled:opacity-60 dark:text-ink-dark dark:ring-slate-600 dark:hover:bg-slate-800";
