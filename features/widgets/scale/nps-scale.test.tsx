// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeWidget, renderWidget } from '@/test/render-with-intl';
import ScaleNps from './nps-scale';
import { inPersian, langMarks } from '../test-fixtures';

describe('ScaleNps', () => {
  it('offers 0..10 with the default pole labels', () => {
    renderWidget(ScaleNps, makeWidget({ subtype: 'scale_nps' }));
    expect(screen.getByRole('radiogroup', { name: 'Question' })).toBeInTheDocument();
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(
      Array.from({ length: 11 }, (_, index) => String(index)),
    );
    expect(screen.getByRole('radio', { name: '0' })).toHaveAccessibleDescription('Not at all likely');
    expect(screen.getByRole('radio', { name: '10' })).toHaveAccessibleDescription('Extremely likely');
    expect(screen.getByText('Not at all likely')).toBeVisible();
  });

  it('shows its numbers in the page’s digits, and keeps ASCII ones in its values', async () => {
    const user = userEvent.setup();
    const { lastValue } = renderWidget(inPersian(ScaleNps), makeWidget({ subtype: 'scale_nps' }));
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(
      Array.from({ length: 11 }, (_, index) => String(index)),
    );
    await user.click(screen.getByRole('radio', { name: '۱۰' }));
    expect(lastValue()).toEqual(['10']);
  });

  it('uses the survey labels when given', () => {
    renderWidget(ScaleNps, makeWidget({ subtype: 'scale_nps', settings: { min_label: 'Never', max_label: 'Surely' } }));
    expect(screen.getByRole('radio', { name: '0' })).toHaveAccessibleDescription('Never');
    expect(screen.getByRole('radio', { name: '10' })).toHaveAccessibleDescription('Surely');
  });

  it('stores the score, 0 included, and calls onAnswered', async () => {
    const user = userEvent.setup();
    const { lastValue, onAnswered } = renderWidget(ScaleNps, makeWidget({ subtype: 'scale_nps' }));
    await user.click(screen.getByRole('radio', { name: '9' }));
    expect(lastValue()).toEqual(['9']);
    await user.click(screen.getByRole('radio', { name: '0' }));
    expect(lastValue()).toEqual(['0']);
    expect(onAnswered).toHaveBeenCalledTimes(2);
  });

  it('mirrors in right-to-left surveys', () => {
    const { container } = renderWidget(ScaleNps, makeWidget({ subtype: 'scale_nps' }), { rtl: true });
    expect(container.querySelector('[dir="rtl"]')).toContainElement(screen.getByRole('radiogroup'));
  });
  it.each([
    [{}, []],
    [{ min_label: 'Nunca' }, ['span Nunca=es']],
    [{ min_label: 'Nunca', max_label: 'Seguro' }, ['span Nunca=es', 'span Seguro=es']],
  ])('language of parts %j: only the owner poles carry textLang', (settings, marks) => {
    const { container } = renderWidget(ScaleNps, makeWidget({ subtype: 'scale_nps', settings }), { textLang: 'es' });
    expect(langMarks(container)).toEqual(marks);
    const { container: same } = renderWidget(ScaleNps, makeWidget({ subtype: 'scale_nps', settings }));
    expect(langMarks(same)).toEqual([]);
  });
});
