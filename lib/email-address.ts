/** The most an address can hold (RFC 5321 path limit minus the angle brackets). */
const MAX_EMAIL_LENGTH = 254;

/**
 * Something, an @, then a domain of dot-separated labels, no spaces. Deliberately loose beyond that: the mail
 * server is the real judge, and a stricter pattern would turn away valid addresses (international domains,
 * non-ASCII local parts) from respondents who write in 33 languages. Linear: no nested quantifiers.
 */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/u;

/** `true` for an address worth sending to; `value` is expected trimmed. Shared by the browser and the backend. */
export function isValidEmail(value: string): boolean {
  return value.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(value);
}
