import 'server-only';
import { headers } from 'next/headers';
import { CONTEXT_ENTRIES } from '@/lib/survey-format/answer-limits';
import type { DeviceType } from '@/lib/survey-format/theme';

/** Parameters that steer the app and are not URL parameters of the survey. */
const RESERVED_PARAMS = new Set(['mode', 'response', 'code', 'survey']);

/**
 * The survey URL's query: everything but the app's own parameters becomes `url_param:<name>` content, the first
 * `CONTEXT_ENTRIES` of them in URL order (a response with more is refused, which would leave the survey unanswerable).
 */
export function surveyUrlParams(searchParams: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  let count = 0;
  for (const [name, value] of Object.entries(searchParams)) {
    if (count === CONTEXT_ENTRIES) break;
    if (RESERVED_PARAMS.has(name) || value === undefined) continue;
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined && name.length <= 100) {
      out[name] = first.slice(0, 2000);
      count += 1;
    }
  }
  return out;
}

/**
 * Whether `?mode=` asks for the owner's read-only preview (spec §4 "mode (readOnly, response)"), in any case: a link
 * written `readonly` must not write a real response the owner meant as a preview.
 */
export function isReadOnlyMode(mode: string | undefined): boolean {
  return mode?.trim().toLowerCase() === 'readonly';
}

/**
 * The request header in which the production server (scripts/page-cache.mjs) offers a page a new respondent's shuffle
 * seed, overwriting whatever a caller sent: it can then tell a render that drew on it, and share only the others.
 */
export const OFFERED_SEED_HEADER = 'x-encuesta-seed';

/** The seed the production server offered for a browser without one (none under `next dev`). */
export async function offeredSeed(): Promise<string | undefined> {
  return (await headers()).get(OFFERED_SEED_HEADER) ?? undefined;
}

/** A first guess of the device from the user agent, for server rendering; the browser corrects it. */
export async function guessDevice(): Promise<DeviceType> {
  const agent = (await headers()).get('user-agent') ?? '';
  if (/iPad|Tablet|PlayBook|Silk|(Android(?!.*Mobile))/i.test(agent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|Windows Phone/i.test(agent)) return 'mobile';
  return 'desktop';
}
