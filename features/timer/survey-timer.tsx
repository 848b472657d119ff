'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useEffectEvent, useMemo, useRef, useSyncExternalStore } from 'react';
import { createCountdown, type CountdownSnapshot } from './countdown';
import { localDigits } from '@/lib/i18n/digits';
import { formatRemaining } from './timer-deadline';
import styles from './survey-timer.module.css';

/** The last minute is shown in the warning colour. */
const URGENT_SECONDS = 60;

type SurveyTimerProps = {
  /**
   * When time runs out, in ms since the epoch: `timerDeadline(response start date, amount, type)`. `null` until the
   * response has opened: the pill keeps its place, hidden, so the page does not move when the time shows.
   */
  deadline: number | null;
  /**
   * Called once, when the countdown reaches zero or at mount if the deadline has already passed. The caller
   * marks the response expired (`expireKind`) and shows `timer.expired`. Later deadline changes do not call it
   * again; give the timer a new `key` to start a new countdown.
   */
  onExpire: () => void;
};

/** The server knows no "now" that the browser will agree with, so it renders a placeholder. */
function serverSnapshot(): CountdownSnapshot | null {
  return null;
}

/** No deadline yet: the placeholder, until there is one. */
const noCountdown = { subscribe: () => () => {}, getSnapshot: serverSnapshot };

/**
 * The visible, sticky countdown of a survey with a time limit (spec §4). Place it first in the survey box, so
 * that it sticks to the top of the viewport while the respondent scrolls.
 */
export function SurveyTimer({ deadline, onExpire }: SurveyTimerProps) {
  const t = useTranslations('timer');
  const locale = useLocale();
  const countdown = useMemo(() => (deadline === null ? noCountdown : createCountdown(deadline)), [deadline]);
  const snapshot = useSyncExternalStore<CountdownSnapshot | null>(
    countdown.subscribe,
    countdown.getSnapshot,
    serverSnapshot,
  );
  const expired = snapshot?.seconds === 0;
  const fireExpire = useEffectEvent(onExpire);
  const firedRef = useRef(false);

  useEffect(() => {
    if (!expired || firedRef.current) return;
    firedRef.current = true;
    fireExpire();
  }, [expired]);

  const urgent = snapshot !== null && snapshot.seconds <= URGENT_SECONDS;
  // Screen readers hear thresholds and the expiry, never the per-second text (that one is aria-live="off").
  const announcement = expired
    ? t('expired')
    : snapshot !== null && snapshot.announcement !== null
      ? t('minutes_left', { count: snapshot.announcement })
      : '';

  return (
    <div className={styles.bar}>
      <p
        role="timer"
        aria-live="off"
        aria-label={t('label')}
        className={[styles.pill, urgent ? styles.urgent : '', snapshot === null ? styles.pending : '']
          .filter(Boolean)
          .join(' ')}
      >
        {/* Before hydration the text keeps the pill's size without showing a made-up time. */}
        {t('remaining', {
          time: localDigits(formatRemaining(snapshot === null ? 0 : snapshot.seconds * 1000), locale),
        })}
      </p>
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
    </div>
  );
}
