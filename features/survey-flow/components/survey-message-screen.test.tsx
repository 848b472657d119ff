// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { surveySchema } from '@/lib/survey-format/survey';
import { renderWithIntl } from '@/test/render-with-intl';
import { SurveyMessageScreen } from './survey-message-screen';
import styles from './survey.module.css';

function messageScreen(survey: Record<string, unknown>) {
  const { container } = renderWithIntl(
    <SurveyMessageScreen
      survey={surveySchema.parse({ survey_id: 1, title: 'Hotel stay', pages: [], ...survey })}
      uiLanguage="en"
      text="This survey is closed."
      action={null}
    />,
  );
  return container.firstElementChild as HTMLElement;
}

describe('SurveyMessageScreen (/survey-message?survey=<code>)', () => {
  it('shows the message in the survey’s frame: alignments, background picture, logo and powered-by mark', () => {
    const root = messageScreen({
      logo_src: 'https://cdn.example/logo.png',
      theme_obj: {
        desktop_alignment: 'right',
        mobile_alignment: 'hidden',
        background_image: 'https://cdn.example/beach.jpg',
      },
    });
    expect(root).toHaveClass(styles.root!, styles.alignRight!, styles.mobileHidden!);
    expect(root.style.backgroundImage).toBe('url("https://cdn.example/beach.jpg")');
    expect(screen.getByRole('img', { name: 'Survey logo' })).toHaveAttribute('src', 'https://cdn.example/logo.png');
    expect(screen.getByRole('contentinfo')).toHaveTextContent('Powered by');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Hotel stay');
    expect(screen.getByText('This survey is closed.')).toBeInTheDocument();
  });

  it('leaves the powered-by mark out where white label hides it, as the survey screen does', () => {
    messageScreen({ user_profile: { pack: 'PREMIUM' }, config: { has_powered_by: false } });
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
  });
});
