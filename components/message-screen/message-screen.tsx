import type { ReactNode } from 'react';
import styles from './message-screen.module.css';

/**
 * A message in place of a screen's content (closed, thank you, errors, loading): a title, a text and actions. It can
 * take the focus (`data-screen-focus`), so that a screen that replaces another starts the reading there.
 */
export function MessageScreen({
  title,
  text,
  textLang,
  children,
}: {
  title?: string;
  text: string;
  /** The text's language when it is not the page's (an owner's text). */
  textLang?: string;
  children?: ReactNode;
}) {
  return (
    <div className={styles.message} data-testid="survey-message" data-screen-focus="" tabIndex={-1}>
      {title ? <h2>{title}</h2> : null}
      <p className={styles.messageText} role="status" lang={textLang}>
        {text}
      </p>
      {children}
    </div>
  );
}
