'use client';

import { useTranslations } from 'next-intl';
import { useGlobalStore } from '@/stores/survey-stores-provider';
import type { ClosedMessageKey } from '@/stores/page-store';
import { LineBrokenText } from '@/components/text/line-broken-text';
import { MessageScreen } from '@/components/message-screen/message-screen';
import styles from './survey.module.css';

/** Each closed message's text, spelled out so that every key is checked against the messages. */
const closedMessageKeys = {
  closed: 'survey.closed',
  closed_max_responses: 'survey.closed_max_responses',
  closed_end_date: 'survey.closed_end_date',
  already_completed: 'survey.already_completed',
  time_limit: 'survey.time_limit',
  device_unavailable: 'survey.device_unavailable',
} as const satisfies Record<ClosedMessageKey, string>;

/** A message that stands in while something the screen needs is on its way. */
function BusyView({ text, testId }: { text: string; testId: string }) {
  return (
    <div aria-busy="true" data-testid={testId}>
      <MessageScreen text={text} />
    </div>
  );
}

/** A reload, until this device's answers are read back: never an empty first page meanwhile. */
export function RestoringView() {
  const t = useTranslations('survey');
  return <BusyView text={t('restoring')} testId="survey-restoring" />;
}

/** A page whose words are still on their way (`use-page-words.ts`): its questions appear when they arrive. */
export function LoadingPageView() {
  const t = useTranslations('common');
  return <BusyView text={t('loading')} testId="survey-page-loading" />;
}

/** Another tab writes this survey's response: continue there, or here (the other tab then stops). */
export function WriterElsewhereView({ lost, onTakeOver }: { lost: boolean; onTakeOver: () => void }) {
  const t = useTranslations();
  return (
    <MessageScreen text={lost ? t('survey.continued_elsewhere') : t('survey.open_elsewhere')}>
      <button type="button" className={styles.button} onClick={onTakeOver}>
        {t('buttons.continue_here')}
      </button>
    </MessageScreen>
  );
}

/** `survey.contact` with the owner's address as a mailto link, wherever the language places it in the sentence. */
export function ContactLine({ email }: { email: string }) {
  const t = useTranslations('survey');
  const [before, after] = t('contact', { email: '\u0000' }).split('\u0000');
  return (
    <p>
      {before}
      <a href={`mailto:${email}`}>{email}</a>
      {after}
    </p>
  );
}

export function ClosedView({
  message,
  closeUrl,
  back,
  ownerText,
  ownerTextLang,
  contactEmail,
}: {
  message: ClosedMessageKey;
  closeUrl: string | null;
  back: boolean;
  /** The owner's closed text (`close_template`, close type MSG), under the catalogue's message. */
  ownerText: string;
  /** Its language when it is not the page's. */
  ownerTextLang: string | undefined;
  /** The survey author to contact, as the closed messages ask (`contact.email`). */
  contactEmail: string | null;
}) {
  const t = useTranslations();
  return (
    <MessageScreen text={t(closedMessageKeys[message])}>
      {ownerText ? (
        <p lang={ownerTextLang}>
          <LineBrokenText text={ownerText} />
        </p>
      ) : null}
      {contactEmail ? <ContactLine email={contactEmail} /> : null}
      {closeUrl ? <a href={closeUrl}>{t('survey.redirecting')}</a> : null}
      {!closeUrl && back ? (
        <button
          type="button"
          className={`${styles.button} ${styles.buttonSecondary}`}
          onClick={() => window.history.back()}
        >
          {t('buttons.back')}
        </button>
      ) : null}
    </MessageScreen>
  );
}

export function ErrorView({ text, textLang }: { text: string; textLang?: string }) {
  const t = useTranslations('buttons');
  return (
    <MessageScreen text={text} textLang={textLang}>
      <button type="button" className={styles.button} onClick={() => window.location.reload()}>
        {t('refresh')}
      </button>
    </MessageScreen>
  );
}

/** The finish is on its way: said plainly when it waits for the connection. */
export function FinishingView() {
  const t = useTranslations('survey');
  const online = useGlobalStore((state) => state.online);
  return (
    <div aria-busy="true">
      <MessageScreen text={online ? t('finishing') : t('finish_pending')} />
    </div>
  );
}

/** On the way to an end or close URL: sending what it depends on first, then the link. */
export function LeavingView({ url, sending }: { url: string; sending: boolean }) {
  const t = useTranslations('survey');
  return (
    <div aria-busy={sending}>
      <MessageScreen text={sending ? t('leaving') : t('redirecting')}>
        <a href={url}>{url}</a>
      </MessageScreen>
    </div>
  );
}
