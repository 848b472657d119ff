'use client';

import { useTranslations } from 'next-intl';
import { useGlobalStore } from '@/stores/survey-stores-provider';
import styles from './survey.module.css';

/**
 * What the respondent must know about their answers, announced as it changes: offline with changes waiting, a
 * save the server refused or a file it would not store (lasting, until a later write succeeds), a browser that
 * keeps nothing on this device, and the saving state. On a closed survey (closed meanwhile, or finished on another
 * device) the closed message says why saves are refused: "reload to try again" would be wrong.
 */
export function StatusBanner({ readOnly, closed }: { readOnly: boolean; closed: boolean }) {
  const t = useTranslations('common');
  const online = useGlobalStore((state) => state.online);
  const storageAvailable = useGlobalStore((state) => state.storageAvailable);
  const pendingSaves = useGlobalStore((state) => state.pendingSaves);
  const saveState = useGlobalStore((state) => state.saveState);
  const uploadRefused = useGlobalStore((state) => state.uploadRefused);
  const allSaved = saveState === 'saved' && pendingSaves === 0;

  return (
    <div role="status" aria-live="polite" data-testid="survey-status">
      {readOnly ? <p className={styles.readOnly}>{t('readOnlyBanner')}</p> : null}
      {!online ? (
        <p className={styles.status} data-online="false">
          {t('offline')}
          {pendingSaves > 0 ? ` ${t('pendingSaves', { count: pendingSaves })}` : ''}
        </p>
      ) : null}
      {!readOnly && !closed && saveState === 'error' ? (
        <p className={styles.status} data-save-state="error">
          {t('saveRefused')}
        </p>
      ) : null}
      {!readOnly && uploadRefused ? <p className={styles.status}>{t('uploadRefused')}</p> : null}
      {!readOnly && !storageAvailable ? (
        <p className={styles.status} data-storage="unavailable">
          {t('storageUnavailable')}
        </p>
      ) : null}
      {/* Its line is there from the first paint, empty until the first save: appearing then, ahead of the
          questions, it moved the page under a respondent's finger (a Next tapped then hit the page). */}
      {!readOnly && online ? (
        <p className={styles.saveState} data-save-state={allSaved ? 'saved' : undefined}>
          {saveState === 'saving' ? t('saving') : null}
          {allSaved ? t('allSaved') : null}
        </p>
      ) : null}
    </div>
  );
}
