import type { ReactNode } from 'react';
import styles from './message-screen.module.css';

/** A message in place of a screen's content (closed, thank you, errors, loading): a title, a text and actions. */
export function MessageScreen({ title, text, children }: { title?: string; text: string; children?: ReactNode }) {
  return (
    <div className={styles.message} data-testid="survey-message">
      {title ? <h2>{title}</h2> : null}
      <p className={styles.messageText} role="status">
        {text}
      </p>
      {children}
    </div>
  );
}
