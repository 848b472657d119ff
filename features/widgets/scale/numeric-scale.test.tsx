// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeWidget, renderWidget } from '@/test/render-with-intl';
import ScaleNumeric from './numeric-scale';
import { inPersian, langMarks } from '../test-fixtures';

describe('ScaleNumeric', () => {
  it('offers 1..10 by default as named radios', () => {
    renderWidget(ScaleNumeric, makeWidget({ subtype: 'scale_numeric', required: true }));
    const group = screen.getByRole('radiogroup', { name: 'Question' });
    expect(group).toHaveAttribute('aria-required', 'true');
    const radios = screen.getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
    ]);
    expect(screen.getByRole('radio', { name: '7' })).toHaveAttribute('name', 'q101');
  });

  it('shows its numbers in the page’s digits, and keeps ASCII ones in its values', async () => {
    const user = userEvent.setup();
    const { lastValue } = renderWidget(inPersian(ScaleNumeric), makeWidget({ subtype: 'scale_numeric' }));
    const seven = screen.getByRole('radio', { name: '۷' });
    expect(seven).toHaveAttribute('value', '7');
    await user.click(seven);
    expect(lastValue()).toEqual(['7']);
  });

  it('uses min/max and describes the ends with their labels', () => {
    renderWidget(
      ScaleNumeric,
      makeWidget({ subtype: 'scale_numeric', settings: { min: 0, max: 4, min_label: 'Bad', max_label: 'Great' } }),
    );
    expect(screen.getAllByRole('radio')).toHaveLength(5);
    expect(screen.getByRole('radio', { name: '0' })).toHaveAccessibleDescription('Bad');
    expect(screen.getByRole('radio', { name: '4' })).toHaveAccessibleDescription('Great');
    expect(screen.getByRole('radio', { name: '2' })).not.toHaveAccessibleDescription();
  });

  it('draws at most 101 numbers from min, also for a widget not read by the schema', () => {
    const widget = makeWidget({ subtype: 'scale_numeric' });
    renderWidget(ScaleNumeric, { ...widget, settings: { min: -50, max: 500 } });
    const radios = screen.getAllByRole('radio');
    expect(radios).toHaveLength(101);
    expect(radios.at(-1)).toHaveAttribute('value', '50');
  });

  it('a click stores the number and calls onAnswered; arrows do not auto-advance', async () => {
    const user = userEvent.setup();
    const { lastValue, onAnswered } = renderWidget(ScaleNumeric, makeWidget({ subtype: 'scale_numeric' }));
    await user.click(screen.getByRole('radio', { name: '7' }));
    expect(lastValue()).toEqual(['7']);
    expect(onAnswered).toHaveBeenCalledTimes(1);
    await user.keyboard('{ArrowLeft}');
    expect(lastValue()).toEqual(['6']);
    expect(onAnswered).toHaveBeenCalledTimes(1);
  });

  it('mirrors in right-to-left surveys', () => {
    const { container } = renderWidget(ScaleNumeric, makeWidget({ subtype: 'scale_numeric' }), { rtl: true });
    expect(container.querySelector('[dir="rtl"]')).toContainElement(screen.getByRole('radiogroup'));
  });
  it('language of parts: the owner poles carry textLang', () => {
    const widget = makeWidget({ subtype: 'scale_numeric', settings: { min_label: 'Mal', max_label: 'Bien' } });
    const { container } = renderWidget(ScaleNumeric, widget, { textLang: 'es' });
    expect(langMarks(container)).toEqual(['span Mal=es', 'span Bien=es']);
    const { container: same } = renderWidget(ScaleNumeric, widget);
    expect(langMarks(same)).toEqual([]);
  });
});
