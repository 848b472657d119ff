import { describe, expect, it, vi } from 'vitest';
import { configSchema } from './config';
import { shareConfigSchema } from './share-config';
import { responseEmailSchema } from './response-email';
import { pageSchema } from './page';

describe('configSchema', () => {
  it('applies the spec §9 defaults to an empty object', () => {
    const config = configSchema.parse({});
    expect(config).toMatchObject({
      is_open: true,
      has_powered_by: true,
      auto_question_flow_desktop: true,
      auto_question_flow_mobile: true,
      auto_page_flow: false,
      hide_back_button: true,
      timeout_type: 'minutes',
      timeout_amount: null,
      selector_original_language: true,
      is_quiz: false,
      max_responses: null,
      randomize_pages: false,
    });
    expect(Object.values(config.validation_messages_enabled)).toEqual([true, true, true, true, true]);
  });

  it('treats null like missing for defaulted fields', () => {
    const config = configSchema.parse({ is_open: null, hide_back_button: null, validation_messages_enabled: null });
    expect(config.is_open).toBe(true);
    expect(config.hide_back_button).toBe(true);
    expect(config.validation_messages_enabled.matrix_rows).toBe(true);
  });

  it('keeps given values and ignores unknown fields', () => {
    const config = configSchema.parse({ hide_back_button: false, timeout_amount: 30, timeout_type: 'hours', extra: 1 });
    expect(config.hide_back_button).toBe(false);
    expect(config.timeout_amount).toBe(30);
    expect(config.timeout_type).toBe('hours');
    expect('extra' in config).toBe(false);
  });

  it('reads a time unit written in the singular or in another case as that unit', () => {
    const limit = (timeout_type: unknown) => configSchema.parse({ timeout_amount: 5, timeout_type });
    expect(limit('hour')).toMatchObject({ timeout_amount: 5, timeout_type: 'hours' });
    expect(limit(' Day ')).toMatchObject({ timeout_amount: 5, timeout_type: 'days' });
    expect(limit('minute')).toMatchObject({ timeout_amount: 5, timeout_type: 'minutes' });
    expect(limit('HOURS')).toMatchObject({ timeout_amount: 5, timeout_type: 'hours' });
    expect(limit(null)).toMatchObject({ timeout_amount: 5, timeout_type: 'minutes' });
    expect(limit(undefined)).toMatchObject({ timeout_amount: 5, timeout_type: 'minutes' });
  });

  it('turns the timer off for a time unit it does not know, logged, rather than count it in minutes', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(configSchema.parse({ timeout_amount: 5, timeout_type: 'weeks' }).timeout_amount).toBeNull();
    expect(configSchema.parse({ timeout_amount: 5, timeout_type: 7 }).timeout_amount).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('unknown time unit'));
  });

  it('reads a flag written as a word, and one it cannot read as its default', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(configSchema.parse({ is_open: 'False', progress_bar: '1' })).toMatchObject({
      is_open: false,
      progress_bar: true,
    });
    expect(configSchema.parse({ is_open: 'maybe' }).is_open).toBe(true);
  });

  it('does not share default objects between parses', () => {
    const a = configSchema.parse({});
    a.validation_messages_enabled.matrix_rows = false;
    expect(configSchema.parse({}).validation_messages_enabled.matrix_rows).toBe(true);
  });
});

describe('shareConfigSchema', () => {
  it('applies the spec §9 defaults', () => {
    expect(shareConfigSchema.parse({})).toMatchObject({
      multiple_responses: true,
      end_type: 'BACK',
      close_type: 'BACK',
      type: 'link',
      answer_later: false,
      password: null,
      repository_password: null,
    });
  });

  it('accepts passwords as booleans, strings or null', () => {
    const share = shareConfigSchema.parse({ password: true, global_password: 'x', custom_password: null });
    expect(share.password).toBe(true);
    expect(share.global_password).toBe('x');
    expect(share.custom_password).toBeNull();
  });

  it('accepts every end and close type, and reads another as the default (BACK)', () => {
    for (const end_type of ['BACK', 'PAGE', 'URL', 'RESUME'])
      expect(shareConfigSchema.parse({ end_type }).end_type).toBe(end_type);
    for (const close_type of ['MSG', 'URL', 'BACK'])
      expect(shareConfigSchema.parse({ close_type }).close_type).toBe(close_type);
    expect(shareConfigSchema.parse({ end_type: 'NOWHERE', close_type: 'NOWHERE' })).toMatchObject({
      end_type: 'BACK',
      close_type: 'BACK',
    });
  });
});

describe('responseEmailSchema', () => {
  it('parses the spec fields', () => {
    expect(
      responseEmailSchema.parse({
        template_id: 3,
        email_config: { from: 'x' },
        subject: 'Your answers',
        email_source: 102,
        email_source_type: 'question',
        attach_excel: true,
      }),
    ).toEqual({
      template_id: 3,
      email_config: { from: 'x' },
      subject: 'Your answers',
      email_source: '102',
      email_source_type: 'question',
      attach_excel: true,
    });
  });
});

describe('pageSchema', () => {
  it('fills defaults', () => {
    expect(pageSchema.parse({ id: 3 })).toEqual({
      id: 3,
      title: '',
      hidden: false,
      randomize_widgets: false,
      background: null,
      widgets: [],
    });
  });

  it('keeps the background', () => {
    expect(pageSchema.parse({ id: 3, background: { src: 'https://x/y.png' } }).background).toEqual({
      src: 'https://x/y.png',
      apply_all_pages: false,
    });
  });
});
