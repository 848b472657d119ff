import type { BlockProps } from '../types';
import styles from './blocks.module.css';
import { safeImageUrl } from '@/lib/url';
import { MultilineText } from './multiline-text';

/**
 * image_block: the image at `settings.src`, described by `settings.alt` or else by the title. Loaded lazily,
 * since blocks often sit below the fold. The description, when there is one, is its caption.
 */
function ImageBlock({ widget, text, textLang }: BlockProps) {
  const src = safeImageUrl(widget.settings.src);
  if (!src) return null;
  const caption = text(widget.description);
  return (
    <figure className={styles.figure}>
      {/* next/image needs every image host configured ahead of time; survey owners may use any host. */}
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img
        className={styles.image}
        src={src}
        alt={text(widget.settings.alt) || text(widget.title)}
        lang={textLang}
        loading="lazy"
        decoding="async"
      />
      {caption && (
        <figcaption className={styles.caption}>
          <MultilineText text={caption} className={styles.paragraph} lang={textLang} />
        </figcaption>
      )}
    </figure>
  );
}

export default ImageBlock;
