import type { BlockProps } from '../types';
import styles from './blocks.module.css';
import { MultilineText } from './multiline-text';

/** text_block: the owner's text (title, then description when there is one), as plain text. */
function TextBlock({ widget, text, textLang }: BlockProps) {
  return (
    <div className={styles.textBlock}>
      <MultilineText text={text(widget.title)} className={styles.paragraph} lang={textLang} />
      <MultilineText text={text(widget.description)} className={styles.paragraph} lang={textLang} />
    </div>
  );
}

export default TextBlock;
