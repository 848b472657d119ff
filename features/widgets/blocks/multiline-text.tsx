import { Fragment } from 'react';

/**
 * Owner-written text as text, in its own writing direction: blank lines start a new paragraph, single line breaks become `<br>`. React
 * escapes every string, so markup in the text shows as typed and never runs.
 */
export function MultilineText({ text, className, lang }: { text: string; className?: string; lang?: string }) {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .filter((paragraph) => paragraph.trim() !== '');
  return paragraphs.map((paragraph, index) => (
    // dir="auto": the owner's language may not be the page's (Spanish text under an Arabic interface), and its
    // sentence punctuation must stay at its own end.
    <p key={index} className={className} dir="auto" lang={lang}>
      {paragraph.split('\n').map((line, lineIndex) => (
        <Fragment key={lineIndex}>
          {lineIndex > 0 && <br />}
          {line}
        </Fragment>
      ))}
    </p>
  ));
}
