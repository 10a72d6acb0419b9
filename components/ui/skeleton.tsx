/** A placeholder block shaped like the content it stands for; hidden from assistive technology, whose users get the surrounding label. */
export function Skeleton({ className = "" }: { className?: string }) {
  return <div aria-hidden className={`skeleton ${className}`} />;
}

/** The content area of a signed-in page while its data loads (the header stays). */
export function PageSkeleton({ label = "Loading" }: { label?: string }) {
  return (
    <div aria-busy="true" aria-label={label} role="status" className="space-y-4">
      <Skeleton className="h-8 w-64 max-w-full" />
      <div className="grid gap-4 md:grid-cols-3">
        <Skeleton className="h-32" />
        <Skeleton className="h-32" />
        <Skeleton className="h-32" />
      </div>
      <Skeleton className="h-64" />
    </div>
  );
}

/** A heading and a column of cards of the given heights (Tailwind classes), while a panel's data loads. */
export function StackSkeleton({ label, cards }: { label: string; cards: string[] }) {
  return (
    <div aria-busy="true" aria-label={label} role="status" className="space-y-4">
      <Skeleton className="h-8 w-64 max-w-full" />
      {cards.map((height, i) => (
        <Skeleton key={i} className={`${height} rounded-card`} />
      ))}
    </div>
  );
}
