// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeWidget, renderWidget } from '@/test/render-with-intl';
import OtherDatetime from './other-datetime';
import { langMarks } from '../test-fixtures';

// jsdom's date and time inputs do not take typed keys the way browsers do, so the tests set the value the
// native picker would produce and fire its change event.
function field(container: HTMLElement): HTMLInputElement {
  const input = container.querySelector('input');
  if (!input) throw new Error('no input');
  return input;
}

describe('OtherDatetime', () => {
  it('is a labelled native datetime-local control storing ["2026-11-22T10:30"]', () => {
    const { container, lastValue } = renderWidget(
      OtherDatetime,
      makeWidget({ subtype: 'other_datetime', id: 4, required: true, settings: { mode: 'datetime' } }),
      { describedBy: 'q-error', invalid: true },
    );
    const input = field(container);
    expect(input).toHaveAttribute('type', 'datetime-local');
    expect(input).toHaveAttribute('name', 'q4');
    expect(input).toHaveAccessibleName('Question');
    expect(input).toBeRequired();
    expect(input).toBeInvalid();
    fireEvent.change(input, { target: { value: '2026-11-22T10:30' } });
    expect(lastValue()).toEqual(['2026-11-22T10:30']);
  });

  it('stores a date as ["2026-11-22"] (date is the default mode) and shows it in date_format', () => {
    const { container, lastValue } = renderWidget(
      OtherDatetime,
      makeWidget({ subtype: 'other_datetime', settings: { date_format: 'DD/MM/YYYY' } }),
    );
    const input = field(container);
    expect(input).toHaveAttribute('type', 'date');
    fireEvent.change(input, { target: { value: '2026-11-22' } });
    expect(lastValue()).toEqual(['2026-11-22']);
    expect(screen.getByText('22/11/2026')).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription('22/11/2026');
    fireEvent.change(input, { target: { value: '' } });
    expect(lastValue()).toEqual([]);
    expect(screen.queryByText('22/11/2026')).not.toBeInTheDocument();
  });

  it('stores a time as ["10:30"]', () => {
    const { container, lastValue } = renderWidget(
      OtherDatetime,
      makeWidget({ subtype: 'other_datetime', settings: { mode: 'time', date_format: 'DD/MM/YYYY' } }),
    );
    const input = field(container);
    expect(input).toHaveAttribute('type', 'time');
    fireEvent.change(input, { target: { value: '10:30' } });
    expect(lastValue()).toEqual(['10:30']);
  });

  it('shows a resumed value in the control and in the survey format', () => {
    const { container } = renderWidget(
      OtherDatetime,
      makeWidget({ subtype: 'other_datetime', settings: { mode: 'datetime', date_format: 'MM-DD-YYYY' } }),
      { value: ['2026-11-22T10:30'] },
    );
    expect(field(container)).toHaveValue('2026-11-22T10:30');
    expect(screen.getByText('11-22-2026 10:30')).toBeInTheDocument();
  });
  it('bounds dates to four-digit years, so the browser refuses a year it could not store', () => {
    const bounds = (mode: string) => {
      const { container, unmount } = renderWidget(
        OtherDatetime,
        makeWidget({ subtype: 'other_datetime', settings: { mode } }),
      );
      const input = field(container);
      const found = [input.getAttribute('min'), input.getAttribute('max')];
      unmount();
      return found;
    };
    expect(bounds('date')).toEqual(['0001-01-01', '9999-12-31']);
    expect(bounds('datetime')).toEqual(['0001-01-01T00:00', '9999-12-31T23:59']);
    expect(bounds('time')).toEqual([null, null]);
  });

  it('language of parts: no owner text, nothing marked', () => {
    const { container } = renderWidget(OtherDatetime, makeWidget({ subtype: 'other_datetime' }), {
      textLang: 'es',
      value: ['2026-11-22T10:30'],
    });
    expect(langMarks(container)).toEqual([]);
  });
});
