import { errorMessage } from "@/lib/api/errors";

/** One part of a page drawn by the server: the answer of its call, or the message its failure shows. */
export type Part<T> = { data: T } | { error: string };

/** Loads one part of a page: a failed call becomes its message, so the rest of the page still draws. */
export async function loadPart<T>(load: () => Promise<T>): Promise<Part<T>> {
  try {
    return { data: await load() };
  } catch (err) {
    return { error: errorMessage(err) };
  }
}
