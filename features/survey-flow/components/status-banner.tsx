'use client';

import { useTranslations } from 'next-intl';
import { useGlobalStore } from '@/stores/survey-stores-provider';
import styles from './survey.module.css';

/** Offline, unsaved and storage warnings, announced politely as they change. */
export function StatusBanner({ readOnly }: { readOnly: boolean }) {
  const t = useTranslations('common');
  const online = useGlobalStore((state) => state.online);
  const storageAvailable = useGlobalStore((state) => state.storageAvailable);
  const pendingSaves = useGlobalStore((state) => state.pendingSaves);
  const saveState = useGlobalStore((state) => state.saveState);

  return (
    <div role="status" aria-live="polite" data-testid="survey-status">
      {readOnly ? <p className={styles.readOnly}>{t('readOnlyBanner')}</p> : null}
      {!online ? (
        <p className={styles.status} data-online="false">
          {t('offline')}
          {pendingSaves > 0 ? ` ${t('pendingSaves', { count: pendingSaves })}` : ''}
        </p>
      ) : null}
      {!readOnly && !storageAvailable ? <p className={styles.status}>{t('storageUnavailable')}</p> : null}
      {!readOnly && online && saveState === 'saving' ? <p className={styles.saveState}>{t('saving')}</p> : null}
      {!readOnly && online && saveState === 'saved' && pendingSaves === 0 ? (
        <p className={styles.saveState} data-save-state="saved">
          {t('allSaved')}
        </p>
      ) : null}
    </div>
  );
}
