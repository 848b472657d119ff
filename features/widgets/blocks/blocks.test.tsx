// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { resolveText, type Text } from '@/lib/survey-format/text';
import { makeWidget, renderWithIntl } from '@/test/render-with-intl';
import ImageBlock from './image-block';
import TextBlock from './text-block';
import VideoBlock from './video-block';
import { langMarks } from '../test-fixtures';

const resolveEnglish = (value: Text | null | undefined) => resolveText(value, 'en', 'en');

const ATTACK = '<img src=x onerror=alert(1)>';

describe('TextBlock', () => {
  it('renders markup in the text literally, never as HTML', () => {
    const { container } = render(
      <TextBlock widget={makeWidget({ subtype: 'text_block', title: ATTACK })} text={resolveEnglish} />,
    );
    expect(screen.getByText(ATTACK)).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
  });

  it('turns line breaks into <br> and blank lines into paragraphs', () => {
    const { container } = render(
      <TextBlock
        widget={makeWidget({ subtype: 'text_block', title: 'Line one\r\nLine two\n\nSecond paragraph' })}
        text={resolveEnglish}
      />,
    );
    const paragraphs = container.querySelectorAll('p');
    expect(paragraphs).toHaveLength(2);
    expect(paragraphs[0]?.innerHTML).toBe('Line one<br>Line two');
    expect(paragraphs[1]).toHaveTextContent('Second paragraph');
  });

  it('uses the respondent language', () => {
    render(
      <TextBlock
        widget={makeWidget({ subtype: 'text_block', title: { es: 'Hola', en: 'Hello' } })}
        text={resolveEnglish}
      />,
    );
    expect(screen.getByText('Hello')).toBeInTheDocument();
  });
});

describe('ImageBlock', () => {
  it('is a lazy image described by the title, kept as plain text', () => {
    const { container } = render(
      <ImageBlock
        widget={makeWidget({
          subtype: 'image_block',
          title: ATTACK,
          settings: { src: 'https://cdn.example.com/a.png' },
        })}
        text={resolveEnglish}
      />,
    );
    const image = screen.getByRole('img', { name: ATTACK });
    expect(image).toHaveAttribute('src', 'https://cdn.example.com/a.png');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(container.querySelectorAll('img')).toHaveLength(1);
  });

  it('prefers settings.alt and shows the description as caption', () => {
    render(
      <ImageBlock
        widget={makeWidget({
          subtype: 'image_block',
          title: 'Our office',
          description: 'Madrid, 2026',
          settings: { src: '/media/office.jpg', alt: 'A bright open-plan office' },
        })}
        text={resolveEnglish}
      />,
    );
    expect(screen.getByRole('img', { name: 'A bright open-plan office' })).toHaveAttribute('src', '/media/office.jpg');
    expect(screen.getByRole('figure')).toHaveTextContent('Madrid, 2026');
  });

  it.each(['javascript:alert(1)', 'data:image/svg+xml,<svg/>', '//evil.example/a.png', '', 'not a url'])(
    'renders nothing for the source %j',
    (src) => {
      const { container } = render(
        <ImageBlock widget={makeWidget({ subtype: 'image_block', settings: { src } })} text={resolveEnglish} />,
      );
      expect(container).toBeEmptyDOMElement();
    },
  );
});

describe('VideoBlock', () => {
  it('shows a facade and loads nothing from YouTube until play is pressed', async () => {
    const user = userEvent.setup();
    const { container } = renderWithIntl(
      <VideoBlock
        widget={makeWidget({
          subtype: 'video_block',
          title: 'Welcome',
          settings: { provider: 'youtube', video_id: 'dQw4w9WgXcQ' },
        })}
        text={resolveEnglish}
      />,
    );
    expect(container.querySelector('iframe')).toBeNull();
    expect(screen.getByText('The video loads from YouTube only when you press play.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Play video from YouTube' }));
    const frame = screen.getByTitle('Welcome');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ(\?|$)/);
    expect(frame).toHaveFocus();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('embeds Vimeo with do-not-track, from the keyboard, titled by the provider when untitled', async () => {
    const user = userEvent.setup();
    renderWithIntl(
      <VideoBlock
        widget={makeWidget({
          subtype: 'video_block',
          title: '',
          settings: { provider: 'vimeo', video_id: '76979871' },
        })}
        text={resolveEnglish}
      />,
    );
    await user.tab();
    await user.keyboard('{Enter}');
    const src = new URL(screen.getByTitle('Vimeo').getAttribute('src') ?? '');
    expect(`${src.origin}${src.pathname}`).toBe('https://player.vimeo.com/video/76979871');
    expect(src.searchParams.get('dnt')).toBe('1');
  });

  it.each(['', 'abc/../../x', 'a b', '"><script>', 'x'.repeat(65)])('refuses the video id %j', (videoId) => {
    const { container } = renderWithIntl(
      <VideoBlock
        widget={makeWidget({ subtype: 'video_block', settings: { provider: 'youtube', video_id: videoId } })}
        text={resolveEnglish}
      />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});

describe('language of parts', () => {
  const image = makeWidget({
    subtype: 'image_block',
    title: 'Oficina',
    description: 'Madrid',
    settings: { src: '/media/office.jpg' },
  });
  const text = makeWidget({ subtype: 'text_block', title: 'Hola', description: 'Bienvenido' });
  it.each([
    ['TextBlock', TextBlock, text, ['p Hola=es', 'p Bienvenido=es']],
    ['ImageBlock', ImageBlock, image, ['img Oficina=es', 'p Madrid=es']],
  ])('%s: the owner texts carry textLang', (_name, Block, widget, marks) => {
    const { container } = render(<Block widget={widget} text={resolveEnglish} textLang="es" />);
    expect(langMarks(container)).toEqual(marks);
    const { container: same } = render(<Block widget={widget} text={resolveEnglish} />);
    expect(langMarks(same)).toEqual([]);
  });

  it.each([
    ['Bienvenida', ['p Bienvenida=es'], ['iframe Bienvenida=es']],
    ['', [], []],
  ])(
    'video titled %j: the owner title carries textLang, the play button and notice do not',
    async (title, facade, player) => {
      const user = userEvent.setup();
      const widget = makeWidget({
        subtype: 'video_block',
        title,
        settings: { provider: 'youtube', video_id: 'dQw4w9WgXcQ' },
      });
      const { container } = renderWithIntl(<VideoBlock widget={widget} text={resolveEnglish} textLang="es" />);
      expect(langMarks(container)).toEqual(facade);
      await user.click(screen.getByRole('button'));
      expect(langMarks(container)).toEqual(player);
    },
  );
});
