// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeWidget, renderWidget } from '@/test/render-with-intl';
import ScaleStars from './scale-stars';
import { langMarks } from '../test-fixtures';

describe('ScaleStars', () => {
  it('is a radiogroup of five stars by default, each named "{n} stars"', () => {
    renderWidget(ScaleStars, makeWidget({ subtype: 'scale_stars', required: true }), {
      describedBy: 'err',
      invalid: true,
    });
    const group = screen.getByRole('radiogroup', { name: 'Question' });
    expect(group).toHaveAttribute('aria-required', 'true');
    expect(group).toHaveAttribute('aria-describedby', 'err');
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByRole('radio')).toHaveLength(5);
    expect(screen.getByRole('radio', { name: '1 star' })).toHaveAttribute('name', 'q101');
    expect(screen.getByRole('radio', { name: '5 stars' })).toHaveAttribute('value', '5');
  });

  it('honours settings.stars', () => {
    renderWidget(ScaleStars, makeWidget({ subtype: 'scale_stars', settings: { stars: 10 } }));
    expect(screen.getAllByRole('radio')).toHaveLength(10);
  });

  it('draws at most 10 stars, also for a widget not read by the schema', () => {
    const widget = makeWidget({ subtype: 'scale_stars' });
    renderWidget(ScaleStars, { ...widget, settings: { stars: 100 } });
    expect(screen.getAllByRole('radio')).toHaveLength(10);
  });

  it('a click stores the number of stars and calls onAnswered', async () => {
    const user = userEvent.setup();
    const { lastValue, onAnswered } = renderWidget(ScaleStars, makeWidget({ subtype: 'scale_stars' }));
    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    expect(lastValue()).toEqual(['4']);
    expect(onAnswered).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('radio', { name: '4 stars' })).toBeChecked();
  });

  it('arrow keys change the rating without auto flow', async () => {
    const user = userEvent.setup();
    const { lastValue, onAnswered } = renderWidget(ScaleStars, makeWidget({ subtype: 'scale_stars' }), {
      value: ['2'],
    });
    await user.tab();
    expect(screen.getByRole('radio', { name: '2 stars' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(lastValue()).toEqual(['3']);
    expect(onAnswered).not.toHaveBeenCalled();
    await user.keyboard(' ');
    expect(onAnswered).toHaveBeenCalledTimes(1);
  });

  it('mirrors in right-to-left surveys', () => {
    renderWidget(ScaleStars, makeWidget({ subtype: 'scale_stars' }), { rtl: true });
    expect(screen.getByRole('radiogroup')).toHaveAttribute('dir', 'rtl');
  });
  it('language of parts: no owner text, nothing marked', () => {
    const { container } = renderWidget(ScaleStars, makeWidget({ subtype: 'scale_stars' }), { textLang: 'es' });
    expect(langMarks(container)).toEqual([]);
  });
});
