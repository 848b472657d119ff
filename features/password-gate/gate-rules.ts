import type { ShareConfig } from '@/lib/survey-format/share-config';
import type { Survey } from '@/lib/survey-format/survey';

/** The share config's password fields (spec §3): booleans (which gate applies) or strings, as a backend chooses. */
const passwordFields = [
  'password',
  'global_password',
  'custom_password',
  'multiple_password',
  'repository_password',
] as const satisfies readonly (keyof ShareConfig)[];

function isSet(field: ShareConfig['password']): field is true | string {
  return field === true || (typeof field === 'string' && field !== '');
}

/** A password gate applies when any of the share config's password fields is set (spec §3, survey-format.md). */
export function needsPassword(share: ShareConfig): boolean {
  return passwordFields.some((name) => isSet(share[name]));
}

/**
 * The passwords a backend sent with the survey, checked in the browser (spec §5: "against the stored password"),
 * or null when the server decides: a repository password (spec §5), or a backend that sends only which gate
 * applies, as ours does (survey-format.md "Passwords").
 */
export function storedPasswords(share: ShareConfig): string[] | null {
  if (isSet(share.repository_password)) return null;
  const passwords = passwordFields
    .map((name) => share[name])
    .filter((field): field is string => typeof field === 'string' && isSet(field));
  return passwords.length > 0 ? passwords : null;
}

/** The survey once its gate is passed: no password field applies any more. */
export function withoutPasswords(survey: Survey): Survey {
  const cleared = Object.fromEntries(passwordFields.map((name) => [name, null]));
  return { ...survey, share_config: { ...survey.share_config, ...cleared } };
}
