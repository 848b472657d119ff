// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { Content } from '@/lib/survey-format/content';
import { shareConfigSchema } from '@/lib/survey-format/share-config';
import { createSurveyStore } from '@/stores/survey-store';

import { connectAutosave } from './autosave';

function setup() {
  const survey = createSurveyStore({ surveyCode: 'demo', shareConfig: shareConfigSchema.parse({}), persistence: null });
  const saved: Content[] = [];
  const exits: Array<{ content: Content; unsent: boolean }> = [];
  const autosave = connectAutosave(survey, {
    saveAnswers: async (content) => {
      saved.push({ ...content });
      return null;
    },
    sendOnExit: (content, unsent) => exits.push({ content: { ...content }, unsent }),
  });
  return { survey, saved, exits, autosave };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('connectAutosave', () => {
  it('queues one save after a burst of answers', async () => {
    const { survey, saved, autosave } = setup();
    survey.getState().setAnswer(1, ['a']);
    survey.getState().setAnswer(1, ['ab']);
    survey.getState().setAnswer(2, ['x']);
    expect(saved).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(800);
    expect(saved).toEqual([{ '1': ['ab'], '2': ['x'] }]);
    autosave.dispose();
  });

  it('flushes at once when the page is hidden', async () => {
    const { survey, saved, autosave } = setup();
    survey.getState().setAnswer(1, ['a']);
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(saved).toEqual([{ '1': ['a'] }]);
    autosave.dispose();
  });

  it('hands the latest answers to a keepalive request when the page goes away, before the quiet period ends', async () => {
    const { survey, saved, exits, autosave } = setup();
    survey.getState().setAnswer(1, ['last words']);
    window.dispatchEvent(new Event('pagehide'));
    expect(exits).toEqual([{ content: { '1': ['last words'] }, unsent: true }]);
    await vi.advanceTimersByTimeAsync(0);
    expect(saved).toEqual([{ '1': ['last words'] }]);
    window.dispatchEvent(new Event('pagehide'));
    expect(exits[1]).toEqual({ content: { '1': ['last words'] }, unsent: false });
    autosave.dispose();
  });
});
