// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeWidget, renderWidget } from '@/test/render-with-intl';
import StarsMatrix from './stars-matrix';
import { langMarks } from '../test-fixtures';

const widget = makeWidget({
  subtype: 'scale_stars_matrix',
  required: true,
  items: [
    { id: 4, value: 'Food' },
    { id: 5, value: 'Music' },
  ],
});

describe('StarsMatrix', () => {
  it('renders a star radiogroup per item, named by the item', () => {
    renderWidget(StarsMatrix, widget);
    expect(screen.getByRole('group', { name: 'Question' })).toBeInTheDocument();
    const food = screen.getByRole('radiogroup', { name: 'Food' });
    expect(food).toHaveAttribute('aria-required', 'true');
    const stars = within(food).getAllByRole('radio');
    expect(stars).toHaveLength(5);
    expect(within(food).getByRole('radio', { name: '3 stars' })).toHaveAttribute('name', 'q101-4');
  });

  it('writes "<item id>:|:<stars>" and starts auto flow once every item is rated', async () => {
    const user = userEvent.setup();
    const { lastValue, onAnswered } = renderWidget(StarsMatrix, widget);
    await user.click(within(screen.getByRole('radiogroup', { name: 'Music' })).getByRole('radio', { name: '2 stars' }));
    expect(lastValue()).toEqual(['5:|:2']);
    expect(onAnswered).not.toHaveBeenCalled();
    await user.click(within(screen.getByRole('radiogroup', { name: 'Food' })).getByRole('radio', { name: '5 stars' }));
    expect(lastValue()).toEqual(['4:|:5', '5:|:2']);
    expect(onAnswered).toHaveBeenCalledTimes(1);
  });

  it('marks only the unrated rows invalid; the group keeps the question’s error', () => {
    renderWidget(StarsMatrix, widget, { value: ['4:|:3'], describedBy: 'err', invalid: true });
    const group = screen.getByRole('group', { name: 'Question' });
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(group).toHaveAttribute('aria-describedby', 'err');
    expect(screen.getByRole('radiogroup', { name: 'Food' })).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByRole('radiogroup', { name: 'Music' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('honours settings.stars and restores stored ratings', () => {
    renderWidget(StarsMatrix, makeWidget({ ...widget, settings: { stars: 3 } }), { value: ['4:|:3'] });
    const food = screen.getByRole('radiogroup', { name: 'Food' });
    expect(within(food).getAllByRole('radio')).toHaveLength(3);
    expect(within(food).getByRole('radio', { name: '3 stars' })).toBeChecked();
  });

  it('hidden items are neither shown nor written', async () => {
    const user = userEvent.setup();
    const { lastValue, onAnswered } = renderWidget(StarsMatrix, widget, { hiddenItemIds: new Set([4]) });
    expect(screen.queryByRole('radiogroup', { name: 'Food' })).not.toBeInTheDocument();
    await user.click(within(screen.getByRole('radiogroup', { name: 'Music' })).getByRole('radio', { name: '4 stars' }));
    expect(lastValue()).toEqual(['5:|:4']);
    expect(onAnswered).toHaveBeenCalledTimes(1);
  });

  it('mirrors in right-to-left surveys', () => {
    renderWidget(StarsMatrix, widget, { rtl: true });
    expect(screen.getByRole('group', { name: 'Question' })).toHaveAttribute('dir', 'rtl');
  });
  it('language of parts: the row labels carry textLang, the "n stars" names do not', () => {
    const { container } = renderWidget(StarsMatrix, makeWidget({ ...widget, items: [{ id: 4, value: 'Comida' }] }), {
      textLang: 'es',
    });
    expect(langMarks(container)).toEqual(['span Comida=es']);
    const { container: same } = renderWidget(StarsMatrix, widget);
    expect(langMarks(same)).toEqual([]);
  });
});
