import { CONTEXT_ENTRIES } from '@/lib/survey-format/answer-limits';
import { type Content, customFieldKey, isPersistentKey, urlParamKey } from '@/lib/survey-format/content';

/**
 * Puts custom fields and URL parameters into `content` under `custom_field:<name>` and `url_param:<name>`, where
 * logic, piping and the response export find them. Values given now replace earlier ones; an empty value is not
 * captured, so a link without the parameter keeps what an earlier visit brought. A new name is added only while the
 * response holds fewer than `CONTEXT_ENTRIES` of them, custom fields first: the server refuses a response with more,
 * which would keep every later save and the finish off it (a resumed response may bring its own).
 */
export function captureParams(
  content: Readonly<Content>,
  customFields: Readonly<Record<string, string>>,
  urlParams: Readonly<Record<string, string>>,
): Content {
  const out: Content = { ...content };
  let room = CONTEXT_ENTRIES - Object.keys(out).filter(isPersistentKey).length;
  const capture = (key: string, value: string) => {
    if (value === '') return;
    if (!(key in out)) {
      if (room <= 0) return;
      room -= 1;
    }
    out[key] = [value];
  };
  for (const [name, value] of Object.entries(customFields)) capture(customFieldKey(name), value);
  for (const [name, value] of Object.entries(urlParams)) capture(urlParamKey(name), value);
  return out;
}
