import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound, redirect } from 'next/navigation';
import styles from '@/features/home/home.module.css';
import { OpenSurveyForm } from '@/features/home/open-survey-form';
import { localizedPath } from '@/lib/i18n/locales';
import { routing } from '@/lib/i18n/routing';
import { firstParam, isSurveyCode } from '@/lib/survey-code';

type SurveyIndexProps = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/**
 * `/survey?code=…` opens that survey (the home form sends it here, with or without JavaScript); bare, it asks for a
 * code, and with an empty or malformed one it says so.
 */
export default async function SurveyIndexPage({ params, searchParams }: SurveyIndexProps) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const { code: rawCode, ...rest } = await searchParams;
  const code = firstParam(rawCode)?.trim();
  if (code && isSurveyCode(code)) {
    const query = new URLSearchParams(
      Object.entries(rest).flatMap(([key, value]) =>
        (Array.isArray(value) ? value : [value ?? '']).map((v) => [key, v]),
      ),
    ).toString();
    redirect(
      localizedPath(locale, `/survey/${encodeURIComponent(code.replaceAll('_', '-'))}${query ? `?${query}` : ''}`),
    );
  }
  const t = await getTranslations({ locale, namespace: 'home' });
  return (
    <main id="main-content" className={styles.page}>
      <h1 className={styles.title}>{t('title')}</h1>
      <p className={styles.subtitle}>{t('subtitle')}</p>
      <OpenSurveyForm
        locale={locale}
        code={code}
        error={code === undefined ? undefined : code === '' ? 'required' : 'invalid'}
      />
    </main>
  );
}
