'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import type { BlockProps } from '../types';
import styles from './blocks.module.css';
import { videoEmbedOf } from './media-source';

/**
 * video_block: a privacy-friendly facade. Nothing is requested from YouTube or Vimeo until the respondent
 * presses play; only then is the player's iframe added (youtube-nocookie.com, or Vimeo with `dnt=1`), and
 * focus moves into it so keyboard users land on the player they asked for. No thumbnail is shown, because
 * fetching it would already contact the provider.
 */
function VideoBlock({ widget, text, textLang }: BlockProps) {
  const t = useTranslations('widgets');
  const [playing, setPlaying] = useState(false);
  const frameRef = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    if (playing) frameRef.current?.focus();
  }, [playing]);

  const embed = videoEmbedOf(widget.settings);
  if (!embed) return null;
  const title = text(widget.title);
  const provider = embed.providerName;

  return (
    <figure className={styles.figure}>
      <div className={styles.video}>
        {playing ? (
          <iframe
            ref={frameRef}
            className={styles.frame}
            src={embed.src}
            title={title || provider}
            lang={title ? textLang : undefined}
            allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
          />
        ) : (
          <div className={styles.facade}>
            {title && (
              <p className={styles.videoTitle} lang={textLang}>
                {title}
              </p>
            )}
            <button type="button" className={styles.play} onClick={() => setPlaying(true)}>
              <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
                <path d="M8 5.5v13l11-6.5z" fill="currentColor" />
              </svg>
              <span>{t('video_load', { provider })}</span>
            </button>
            <p className={styles.notice}>{t('video_notice', { provider })}</p>
          </div>
        )}
      </div>
    </figure>
  );
}

export default VideoBlock;
