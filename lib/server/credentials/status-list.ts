import { gunzipSync, gzipSync } from "node:zlib";

/*
 * W3C Bitstring Status List v1.0: one bit per credential, 1 when revoked; bit 0 is the most
 * significant bit of the first byte. The list is GZIP-compressed and multibase base64url-encoded
 * ("u" prefix), and at least 131,072 bits long so that a list says little about any one credential.
 */

export const MIN_STATUS_LIST_BITS = 131_072;

/** The encodedList of a status list in which exactly the given indexes are set, long enough for `highestIndex`. */
export function encodeStatusList(revokedIndexes: number[], highestIndex = 0): string {
  const bits = Math.ceil((Math.max(highestIndex, ...revokedIndexes, 0) + 1) / MIN_STATUS_LIST_BITS) * MIN_STATUS_LIST_BITS;
  const bytes = new Uint8Array(bits / 8);
  for (const index of revokedIndexes) bytes[index >> 3]! |= 0x80 >> (index & 7);
  return `u${gzipSync(bytes).toString("base64url")}`;
}

/** Whether the bit at `index` is set; throws when the list cannot be read or is shorter than the index. */
export function statusBit(encodedList: string, index: number): boolean {
  if (!encodedList.startsWith("u")) throw new Error("The status list is not multibase base64url (it must start with u).");
  const bytes = gunzipSync(Buffer.from(encodedList.slice(1), "base64url"));
  if (!Number.isInteger(index) || index < 0 || index >= bytes.length * 8) throw new Error(`The status list has no entry ${index}.`);
  return (bytes[index >> 3]! & (0x80 >> (index & 7))) !== 0;
}
