import type { ReactNode } from 'react';
import styles from './error-screen.module.css';

type ErrorScreenProps = {
  title: string;
  subtitle?: string;
  /** Technical details, shown folded so they never push the way home off screen. */
  details?: string;
  detailsLabel?: string;
  image?: { src: string; alt: string };
  action?: ReactNode;
};

/** A full-page message: not found, error, closed survey. Knows nothing of surveys. */
export function ErrorScreen({ title, subtitle, details, detailsLabel, image, action }: ErrorScreenProps) {
  return (
    <main className={styles.screen} id="main-content">
      {image ? (
        // A plain <img>: an SVG from /public needs no optimisation and must work without JavaScript. Low priority:
        // the not-found boundary travels with every page, and React would otherwise preload its picture on each.
        // eslint-disable-next-line @next/next/no-img-element
        <img className={styles.image} src={image.src} alt={image.alt} width={240} height={180} fetchPriority="low" />
      ) : null}
      <h1 className={styles.title}>{title}</h1>
      {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
      {details ? (
        <details className={styles.details}>
          <summary>{detailsLabel}</summary>
          <pre>{details}</pre>
        </details>
      ) : null}
      {action ? <div className={styles.action}>{action}</div> : null}
    </main>
  );
}
