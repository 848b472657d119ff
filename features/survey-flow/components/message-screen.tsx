import type { ReactNode } from 'react';
import styles from './survey.module.css';

/** A message in place of the questions (closed, thank you, errors), inside the survey's theme. */
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
