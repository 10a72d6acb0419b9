// The e-mail rule of spec section 5, without zod: the sign-in form checks what is typed with it, and
// common.ts builds the contract's `email` schema from the same pattern, limit and words.

/** local part, @, domain, dot, a top-level part of 2+ letters; case-insensitive. */
export const emailPattern = /^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i;
export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_TOO_LONG = "e-mail is too long";
export const EMAIL_INVALID = "Enter a valid e-mail address, like name@company.com";

/** The e-mail as the API takes it (trimmed), or what is wrong with it, in the contract's words. */
export function checkEmail(value: string): { ok: true; email: string } | { ok: false; message: string } {
  const email = value.trim();
  if (email.length > EMAIL_MAX_LENGTH) return { ok: false, message: EMAIL_TOO_LONG };
  if (!emailPattern.test(email)) return { ok: false, message: EMAIL_INVALID };
  return { ok: true, email };
}
