import { type Content, customFieldKey, urlParamKey } from '@/lib/survey-format/content';

/**
 * Puts custom fields and URL parameters into `content` under `custom_field:<name>` and `url_param:<name>`, where
 * logic, piping and the response export find them. Values given now replace earlier ones; an empty value is not
 * captured, so a link without the parameter keeps what an earlier visit brought.
 */
export function captureParams(
  content: Readonly<Content>,
  customFields: Readonly<Record<string, string>>,
  urlParams: Readonly<Record<string, string>>,
): Content {
  const out: Content = { ...content };
  for (const [name, value] of Object.entries(customFields)) if (value !== '') out[customFieldKey(name)] = [value];
  for (const [name, value] of Object.entries(urlParams)) if (value !== '') out[urlParamKey(name)] = [value];
  return out;
}
