import type { Metadata } from 'next';
import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { DemoSurveys } from '@/features/home/demo-surveys';
import styles from '@/features/home/home.module.css';
import { OpenSurveyForm } from '@/features/home/open-survey-form';
import { routing } from '@/lib/i18n/routing';

type HomeProps = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: HomeProps): Promise<Metadata> {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) return {};
  const t = await getTranslations({ locale, namespace: 'meta' });
  return { title: t('homeTitle') };
}

export default async function HomePage({ params }: HomeProps) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'home' });
  return (
    <main id="main-content" className={styles.page}>
      <h1 className={styles.title}>{t('title')}</h1>
      <p className={styles.subtitle}>{t('subtitle')}</p>
      <OpenSurveyForm locale={locale} />
      <DemoSurveys locale={locale} />
    </main>
  );
}
