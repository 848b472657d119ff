// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeWidget, renderWidget } from '@/test/render-with-intl';
import ScaleSemantic from './semantic-scale';
import { inPersian, langMarks } from '../test-fixtures';

const widget = makeWidget({
  subtype: 'scale_semantic',
  required: true,
  items: [
    { id: 1, value: 'Cheap', right_value: 'Expensive' },
    { id: 2, value: 'Slow', right_value: 'Fast' },
  ],
});

describe('ScaleSemantic', () => {
  it('renders one radiogroup per row named by its poles, five points by default', () => {
    renderWidget(ScaleSemantic, widget);
    expect(screen.getByRole('group', { name: 'Question' })).toBeInTheDocument();
    const row = screen.getByRole('radiogroup', { name: 'Cheap – Expensive' });
    expect(row).toHaveAttribute('aria-required', 'true');
    const points = within(row).getAllByRole('radio');
    expect(points).toHaveLength(5);
    for (const point of points) expect(point).toHaveAttribute('name', 'q101-1');
    expect(within(row).getByRole('radio', { name: '1' })).toHaveAccessibleDescription('Cheap');
    expect(within(row).getByRole('radio', { name: '5' })).toHaveAccessibleDescription('Expensive');
  });

  it('names its points in the page’s digits, and keeps ASCII ones in what it stores', async () => {
    const user = userEvent.setup();
    const { lastValue } = renderWidget(inPersian(ScaleSemantic), widget);
    const row = screen.getByRole('radiogroup', { name: 'Cheap – Expensive' });
    const three = within(row).getByRole('radio', { name: '۳' });
    expect(three).toHaveAttribute('value', '3');
    await user.click(three);
    expect(lastValue()).toEqual(['1:|:3', '2:|:empty_row']);
  });

  it('honours settings.points', () => {
    renderWidget(ScaleSemantic, makeWidget({ ...widget, settings: { points: 7 } }));
    expect(within(screen.getByRole('radiogroup', { name: 'Slow – Fast' })).getAllByRole('radio')).toHaveLength(7);
  });

  it('draws at most 10 points, also for a widget not read by the schema', () => {
    renderWidget(ScaleSemantic, { ...widget, settings: { points: 100 } });
    expect(within(screen.getByRole('radiogroup', { name: 'Slow – Fast' })).getAllByRole('radio')).toHaveLength(10);
  });

  it('encodes row × point, with empty_row for the unanswered row, and auto flow once complete', async () => {
    const user = userEvent.setup();
    const { lastValue, onAnswered } = renderWidget(ScaleSemantic, widget);
    await user.click(within(screen.getByRole('radiogroup', { name: 'Slow – Fast' })).getByRole('radio', { name: '4' }));
    expect(lastValue()).toEqual(['1:|:empty_row', '2:|:4']);
    expect(onAnswered).not.toHaveBeenCalled();
    await user.click(
      within(screen.getByRole('radiogroup', { name: 'Cheap – Expensive' })).getByRole('radio', { name: '2' }),
    );
    expect(lastValue()).toEqual(['1:|:2', '2:|:4']);
    expect(onAnswered).toHaveBeenCalledTimes(1);
  });

  it('does not render hidden rows nor write them', async () => {
    const user = userEvent.setup();
    const { lastValue } = renderWidget(ScaleSemantic, widget, { hiddenItemIds: new Set([1]) });
    expect(screen.queryByRole('radiogroup', { name: 'Cheap – Expensive' })).not.toBeInTheDocument();
    await user.click(within(screen.getByRole('radiogroup', { name: 'Slow – Fast' })).getByRole('radio', { name: '3' }));
    expect(lastValue()).toEqual(['2:|:3']);
  });

  it('mirrors in right-to-left surveys', () => {
    renderWidget(ScaleSemantic, widget, { rtl: true });
    expect(screen.getByRole('group', { name: 'Question' })).toHaveAttribute('dir', 'rtl');
  });
  it('language of parts: the poles and the row named by them carry textLang', () => {
    const es = makeWidget({ ...widget, items: [{ id: 1, value: 'Barato', right_value: 'Caro' }] });
    const { container } = renderWidget(ScaleSemantic, es, { textLang: 'es' });
    expect(langMarks(container)).toEqual(['span Barato=es', 'div Barato – Caro=es', 'span Caro=es']);
    const { container: same } = renderWidget(ScaleSemantic, es);
    expect(langMarks(same)).toEqual([]);
  });
});
