import 'server-only';

import type { z } from 'zod';

import { STORED_SURVEY_CODE_PATTERN } from '@/lib/survey-code';
import type { ShareConfig } from '@/lib/survey-format/share-config';
import { surveyFileSchema, type Survey } from '@/lib/survey-format/survey';
import { textSchema } from '@/lib/survey-format/text-schema';
import type { Text } from '@/lib/survey-format/text';

const PASSWORD_FIELDS = [
  'password',
  'global_password',
  'custom_password',
  'multiple_password',
  'repository_password',
] as const;

/** A survey file split into what we store: the definition, the plaintext password (to hash) and the list text. */
export interface PreparedSurvey {
  code: string;
  definition: Survey;
  description: Text | null;
  password: string | null;
}

export type PrepareResult = { ok: true; survey: PreparedSurvey } | { ok: false; issues: z.core.$ZodIssue[] };

/**
 * The share config as we serve it: password fields are booleans saying which gate applies, never secrets.
 * A protected survey is checked by this server (`repository_password`); an open one has no gate at all.
 */
export function gateShareConfig(share: ShareConfig, isProtected: boolean): ShareConfig {
  const flags = Object.fromEntries(
    PASSWORD_FIELDS.map((field) => [field, isProtected && Boolean(share[field])]),
  ) as Pick<ShareConfig, (typeof PASSWORD_FIELDS)[number]>;
  return isProtected ? { ...share, ...flags, password: true, repository_password: true } : { ...share, ...flags };
}

/**
 * Validates a survey file. The plaintext password comes from `password`, or, for files exported by a backend that
 * kept it in `share_config`, from the first password field holding a string; either way it never reaches storage.
 */
export function prepareSurveyFile(data: unknown): PrepareResult {
  const parsed = surveyFileSchema.safeParse(data);
  if (!parsed.success) return { ok: false, issues: parsed.error.issues };
  const { survey_code: code, password: topLevelPassword, ...survey } = parsed.data;
  if (!STORED_SURVEY_CODE_PATTERN.test(code)) {
    return {
      ok: false,
      issues: [
        {
          code: 'custom',
          path: ['survey_code'],
          message:
            'survey_code must be 1 to 128 letters, digits or "-": a survey link with "_" is sent to the same link with "-"',
          input: code,
        },
      ],
    };
  }
  const sharePassword = PASSWORD_FIELDS.map((field) => survey.share_config[field]).find(
    (value): value is string => typeof value === 'string' && value !== '',
  );
  const password = topLevelPassword || sharePassword || null;
  const rawDescription =
    typeof data === 'object' && data !== null && 'description' in data ? data.description : undefined;
  const description = textSchema.safeParse(rawDescription);
  return {
    ok: true,
    survey: {
      code,
      password,
      description: description.success ? description.data : null,
      definition: {
        ...survey,
        // Live values are computed on every read; the file's copies would go stale.
        responses_total: 0,
        close_reason: null,
        response_code: null,
        response_is_completed: false,
        share_config: gateShareConfig(survey.share_config, password !== null),
      },
    },
  };
}
