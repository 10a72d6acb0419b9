/** The spec's full-screen 'Loading...' overlay, for waits that cover the whole page (signing out, opening a sign-in link). */
export function FullScreenLoader({ label = "Loading..." }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" className="fixed inset-0 z-[1150] flex flex-col items-center justify-center gap-3 bg-surface-muted/90 dark:bg-surface-dark/90">
      <div className="h-10 w-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600" aria-hidden />
      <p className="font-medium">{label}</p>
    </div>
  );
}
