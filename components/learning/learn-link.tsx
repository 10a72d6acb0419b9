import Link from "next/link";
import type { ComponentProps } from "react";

/**
 * A link into the learning page. Never prefetched: the page opens at the learner's resume point,
 * which a prefetch made before the last watch records reached the server would carry stale (and each
 * prefetch costs a request that checks the address in the database).
 */
export function LearnLink(props: Omit<ComponentProps<typeof Link>, "prefetch">) {
  return <Link {...props} prefetch={false} />;
}
