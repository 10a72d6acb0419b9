"use client";

import { useRouter } from "next/navigation";
import { ErrorBlock } from "./error-block";

/** A part of a page drawn by the server that could not be loaded, with Try again: the page drawn again, in place. */
export function PartFailed({ message }: { message: string }) {
  const router = useRouter();
  return <ErrorBlock message={message} onRetry={() => router.refresh()} />;
}
