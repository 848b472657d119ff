// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import messages from '@/messages/en.json';
import { renderWithIntl } from '@/test/render-with-intl';
import { SurveyTimer } from './survey-timer';

const START = Date.parse('2026-11-22T10:00:00.000Z');
const MINUTE = 60_000;

function liveRegion(): HTMLElement {
  const region = document.querySelector<HTMLElement>('[aria-live="polite"]');
  if (!region) throw new Error('No polite live region');
  return region;
}

function advance(ms: number): void {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(START);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('SurveyTimer', () => {
  it('is a labelled timer that screen readers do not read out every second', () => {
    renderWithIntl(<SurveyTimer deadline={START + 65 * MINUTE + 9000} onExpire={vi.fn()} />);
    const timer = screen.getByRole('timer', { name: 'Time left to answer' });
    expect(timer).toHaveAttribute('aria-live', 'off');
    expect(timer).toHaveTextContent('Time remaining: 1:05:09');
    expect(liveRegion()).toHaveTextContent('');
  });

  it('counts down each second from the deadline', () => {
    renderWithIntl(<SurveyTimer deadline={START + 2 * MINUTE} onExpire={vi.fn()} />);
    expect(screen.getByRole('timer')).toHaveTextContent('2:00');
    advance(1000);
    expect(screen.getByRole('timer')).toHaveTextContent('1:59');
    advance(59_000);
    expect(screen.getByRole('timer')).toHaveTextContent('1:00');
  });

  it('announces the minutes left only when crossing a threshold', () => {
    renderWithIntl(<SurveyTimer deadline={START + 5 * MINUTE + 30_000} onExpire={vi.fn()} />);
    advance(29_000);
    expect(liveRegion()).toHaveTextContent('');
    advance(1000);
    expect(liveRegion()).toHaveTextContent('5 minutes left');
    advance(30_000);
    expect(liveRegion()).toHaveTextContent('5 minutes left');
    advance(30_000);
    expect(liveRegion()).toHaveTextContent('4 minutes left');
    advance(3 * MINUTE);
    expect(liveRegion()).toHaveTextContent('1 minute left');
  });

  it('turns to the warning colour in the last minute', () => {
    renderWithIntl(<SurveyTimer deadline={START + MINUTE + 1000} onExpire={vi.fn()} />);
    const timer = screen.getByRole('timer');
    expect(timer.className).not.toMatch(/urgent/);
    advance(1000);
    expect(timer.className).toMatch(/urgent/);
  });

  it('calls onExpire exactly once at zero and announces the time limit', () => {
    const onExpire = vi.fn();
    const { rerender } = renderWithIntl(<SurveyTimer deadline={START + 3000} onExpire={onExpire} />);
    advance(2999);
    expect(onExpire).not.toHaveBeenCalled();
    advance(1);
    expect(onExpire).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('timer')).toHaveTextContent('0:00');
    expect(liveRegion()).toHaveTextContent('The time limit for responding the survey has been surpassed.');

    const nextOnExpire = vi.fn();
    rerender(<SurveyTimer deadline={START + 3000} onExpire={nextOnExpire} />);
    advance(10_000);
    expect(onExpire).toHaveBeenCalledTimes(1);
    expect(nextOnExpire).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('expires at once when mounted after the deadline (a reload after time ran out)', () => {
    const onExpire = vi.fn();
    renderWithIntl(<SurveyTimer deadline={START - 1} onExpire={onExpire} />);
    expect(onExpire).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('timer')).toHaveTextContent('0:00');
  });

  it('catches up with the clock when a background tab becomes visible again', () => {
    const onExpire = vi.fn();
    renderWithIntl(<SurveyTimer deadline={START + 10 * MINUTE} onExpire={onExpire} />);
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    // The tab slept: the clock moved on while no timer fired.
    vi.setSystemTime(START + 7 * MINUTE + 500);
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(screen.getByRole('timer')).toHaveTextContent('3:00');
    expect(liveRegion()).toHaveTextContent('3 minutes left');

    vi.setSystemTime(START + 11 * MINUTE);
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it('stops its timers when unmounted', () => {
    const { unmount } = renderWithIntl(<SurveyTimer deadline={START + 10 * MINUTE} onExpire={vi.fn()} />);
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps its place, hidden, until it has a deadline, then counts down from it', () => {
    const onExpire = vi.fn();
    const { rerender } = renderWithIntl(<SurveyTimer deadline={null} onExpire={onExpire} />);
    const pill = screen.getByRole('timer');
    expect(pill.className).toMatch(/pending/);
    expect(pill).toHaveTextContent('Time remaining: 0:00');
    expect(vi.getTimerCount()).toBe(0);
    advance(5 * MINUTE);
    expect(onExpire).not.toHaveBeenCalled();
    rerender(<SurveyTimer deadline={START + 10 * MINUTE} onExpire={onExpire} />);
    expect(screen.getByRole('timer').className).not.toMatch(/pending/);
    expect(screen.getByRole('timer')).toHaveTextContent('Time remaining: 5:00');
  });

  it('renders a hidden placeholder on the server, with no time of its own', () => {
    const onExpire = vi.fn();
    const html = renderToString(
      <NextIntlClientProvider locale="en" messages={messages} timeZone="UTC">
        <SurveyTimer deadline={START - MINUTE} onExpire={onExpire} />
      </NextIntlClientProvider>,
    );
    expect(html).toContain('Time remaining: 0:00');
    expect(html).toMatch(/class="[^"]*pending/);
    expect(onExpire).not.toHaveBeenCalled();
  });
});
