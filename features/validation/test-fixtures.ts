import { configSchema, type Config } from '@/lib/survey-format/config';
import { widgetSchema, type Widget } from '@/lib/survey-format/widget';

/** Test-only builders (imported by the *.test.ts files of this folder), parsed by the real schemas. */
export function widget(subtype: string, extra: Record<string, unknown> = {}, itemCount = 3, id = 101): Widget {
  const input: Record<string, unknown> = {
    id,
    subtype,
    items: Array.from({ length: itemCount }, (_, index) => ({ id: index + 1, value: `Item ${index + 1}` })),
    ...extra,
  };
  return widgetSchema.parse(input);
}

export function config(flags: Partial<Config['validation_messages_enabled']> = {}): Config {
  return configSchema.parse({ validation_messages_enabled: flags });
}
