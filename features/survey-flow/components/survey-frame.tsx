import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { themeVariables, webFontFamily, webFontStylesheet } from '@/features/theme/theme-variables';
import { WebFont } from '@/features/theme/web-font';
import { showsPoweredBy } from '@/lib/survey-format/survey-rules';
import type { Survey } from '@/lib/survey-format/survey';
import { safeImageUrl } from '@/lib/url';
import styles from './survey.module.css';

const desktopAlign = { center: styles.alignCenter, left: styles.alignLeft, right: styles.alignRight };
const mobileAlign = {
  top: styles.mobileTop,
  bottom: styles.mobileBottom,
  center: styles.mobileCenter,
  hidden: styles.mobileHidden,
};

/**
 * What surrounds a survey's screen, the survey itself or one of its messages (`/survey-message`): its theme, font,
 * background picture and alignments, and the powered-by mark under it.
 */
export function SurveyFrame({
  survey,
  children,
  ...rootProps
}: {
  survey: Pick<Survey, 'theme_obj' | 'user_profile' | 'config'>;
  children: ReactNode;
} & HTMLAttributes<HTMLDivElement>) {
  const t = useTranslations('common');
  const theme = survey.theme_obj;
  const backgroundSrc = safeImageUrl(theme.background_image);
  const backgroundImage = backgroundSrc ? `url(${JSON.stringify(backgroundSrc)})` : undefined;
  const fontFamily = webFontFamily(theme);

  return (
    <div
      {...rootProps}
      className={[styles.root, desktopAlign[theme.desktop_alignment], mobileAlign[theme.mobile_alignment]].join(' ')}
      style={{ ...themeVariables(theme), backgroundImage } as CSSProperties}
    >
      {fontFamily ? <WebFont family={fontFamily} stylesheet={webFontStylesheet(fontFamily)} /> : null}
      {children}
      {/* In a landmark of its own (contentinfo), so that a screen reader's landmark list reaches all the page. */}
      {showsPoweredBy(survey) ? (
        <footer>
          <p className={styles.poweredBy}>{t('poweredBy')}</p>
        </footer>
      ) : null}
      {/* Last: once the parser has reached it, the whole screen is there (survey.module.css). */}
      <span className={styles.parsedMarker} hidden />
    </div>
  );
}
