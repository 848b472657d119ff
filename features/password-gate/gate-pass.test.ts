import { describe, expect, it, vi } from 'vitest';
import { surveySchema } from '@/lib/survey-format/survey';
import { passGate, reopenGate, type GateApi } from './gate-pass';

const gated = surveySchema.parse({ survey_id: 7, pages: [], share_config: { password: true } });
const stored = surveySchema.parse({ survey_id: 7, pages: [{ id: 1, widgets: [] }], share_config: { password: 'a' } });
const full = surveySchema.parse({ survey_id: 7, pages: [{ id: 1, widgets: [] }] });

function setUp(
  api: Partial<GateApi> = {},
  kept: string | true | null = null,
  keptFields: Record<string, string> | null = null,
) {
  const saved: (string | true | null)[] = [];
  const savedFields: unknown[] = [];
  const deps = {
    api: {
      checkPassword: vi.fn(async () => ({ is_valid: true, custom_fields: { dept: 'sales' }, access_token: 'tok' })),
      readSurvey: vi.fn(async () => full),
      ...api,
    },
    passes: {
      saveGatePass: (
        _: string | null,
        pass: string | true | null,
        fields?: Readonly<Record<string, string>> | null,
      ) => {
        saved.push(pass);
        savedFields.push(fields ?? null);
      },
      loadGatePass: () => kept,
      loadGateCustomFields: () => keptFields,
    },
    surveyCode: 'code',
  };
  return { deps, saved, savedFields };
}

describe('passGate', () => {
  it('checks a password the backend sent in the browser, and remembers the pass', async () => {
    const { deps, saved } = setUp();
    expect(await passGate(stored, 'b', deps)).toBeNull();
    expect(await passGate(stored, 'a', deps)).toEqual({ survey: stored, accessToken: null, customFields: null });
    expect(saved).toEqual([true]);
    expect(deps.api.checkPassword).not.toHaveBeenCalled();
  });

  it('asks the server otherwise, keeps its token, reads the withheld pages with it, and passes the custom fields on', async () => {
    const { deps, saved, savedFields } = setUp();
    expect(await passGate(gated, 'x', deps)).toEqual({
      survey: full,
      accessToken: 'tok',
      customFields: { dept: 'sales' },
    });
    expect(deps.api.checkPassword).toHaveBeenCalledWith({ survey_id: 7, password: 'x' });
    expect(deps.api.readSurvey).toHaveBeenCalledWith('code', { accessToken: 'tok' });
    expect(saved).toEqual(['tok']);
    expect(savedFields).toEqual([{ dept: 'sales' }]);
  });

  it('is null for a wrong password, and throws what the API throws', async () => {
    const wrong = setUp({ checkPassword: async () => ({ is_valid: false, custom_fields: {} }) });
    expect(await passGate(gated, 'x', wrong.deps)).toBeNull();
    const failing = setUp({ checkPassword: async () => Promise.reject(new Error('503')) });
    await expect(passGate(gated, 'x', failing.deps)).rejects.toThrow('503');
  });
});

describe('reopenGate', () => {
  it('opens again with a kept pass, and forgets a token the server no longer honours', async () => {
    expect(await reopenGate(stored, setUp({}, true).deps)).toMatchObject({ survey: stored });
    expect(await reopenGate(gated, setUp({}, 'tok').deps)).toEqual({
      survey: full,
      accessToken: 'tok',
      customFields: null,
    });
    // The repository's custom fields, kept with the pass, come back with it: a new response starts with them.
    expect(await reopenGate(gated, setUp({}, 'tok', { dept: 'sales' }).deps)).toMatchObject({
      customFields: { dept: 'sales' },
    });
    const refused = setUp({ readSurvey: async () => Promise.reject(new Error('401')) }, 'old');
    expect(await reopenGate(gated, refused.deps)).toBeNull();
    expect(refused.saved).toEqual([null]);
    expect(await reopenGate(gated, setUp().deps)).toBeNull();
  });
});
