import type { VideoCourseTree } from "@/lib/contract/entities/learning";

/**
 * A short fingerprint of a course tree as a page shows it (the tree and which item is current): the
 * server sends it with the tree it drew, and the browser compares it with its own tree's to know
 * whether that drawing still holds. FNV-1a over the tree's JSON: equal trees give equal fingerprints
 * on both sides; a change anywhere gives another one, but for a collision in 2^32.
 */
export function treeFingerprint(tree: VideoCourseTree, currentItemId: string): string {
  const text = `${currentItemId}\n${JSON.stringify(tree)}`;
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return `${(hash >>> 0).toString(36)}:${text.length}`;
}
