import 'server-only';
import { getTranslations } from 'next-intl/server';
import { z } from 'zod';
import { getServerSideApiBaseUrl, usesEmbeddedBackend } from '@/lib/api/api-base-url';
import { Link } from '@/lib/i18n/navigation';
import { codeForLocale, type Locale } from '@/lib/i18n/locales';
import { createRecentReads } from '@/lib/recent-reads';
import { UnsharedPage } from '@/components/shell/unshared-page';
import styles from './home.module.css';

const demoListSchema = z.array(z.object({ code: z.string(), title: z.string(), description: z.string().optional() }));
type DemoList = z.infer<typeof demoListSchema>;

/**
 * One read of the list serves every home page rendered in the same second (it carries nothing of the visitor):
 * under load the page no longer waits on a call of its own each time. A failed read (null) is not shared; an empty
 * list, a backend with no demo surveys, is an answer like any other.
 */
const recentLists = createRecentReads<DemoList | null>({ ttlMs: 1_000, maxEntries: 40 });

async function readDemoSurveys(lang: string): Promise<DemoList | null> {
  try {
    const response = await fetch(`${await getServerSideApiBaseUrl()}/demo-surveys/?lang=${lang}`, {
      cache: 'no-store',
    });
    if (!response.ok) return null;
    const parsed = demoListSchema.safeParse(await response.json());
    return parsed.success ? parsed.data : null;
  } catch {
    // The list is a convenience; the home page works without it.
    return null;
  }
}

/** The demo list in the page's language, or null when it could not be read. */
export function fetchDemoSurveys(locale: Locale): Promise<DemoList | null> {
  const lang = codeForLocale(locale);
  return recentLists.get(
    lang,
    () => readDemoSurveys(lang),
    (list) => list !== null,
  );
}

/** The demo surveys of the embedded backend, when it is the one in use. */
export async function DemoSurveys({ locale }: { locale: Locale }) {
  if (!usesEmbeddedBackend()) return null;
  const surveys = await fetchDemoSurveys(locale);
  // The next request may read what this one could not.
  if (surveys === null) return <UnsharedPage />;
  if (surveys.length === 0) return null;
  const t = await getTranslations({ locale, namespace: 'home' });
  return (
    <section className={styles.demos} aria-labelledby="demo-surveys-title">
      <h2 id="demo-surveys-title" className={styles.demosTitle}>
        {t('demoSurveys')}
      </h2>
      <p className={styles.hint}>{t('demoHint')}</p>
      <ul className={styles.demoList}>
        {surveys.map((survey) => (
          <li key={survey.code}>
            <Link className={styles.demoLink} href={`/survey/${encodeURIComponent(survey.code)}`} prefetch={false}>
              <span className={styles.demoName}>{survey.title}</span>
              <code className={styles.demoCode}>{survey.code}</code>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
