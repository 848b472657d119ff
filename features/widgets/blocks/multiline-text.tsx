import { Fragment } from 'react';

/**
 * Owner-written text as text: blank lines start a new paragraph, single line breaks become `<br>`. React
 * escapes every string, so markup in the text shows as typed and never runs.
 */
export function MultilineText({ text, className }: { text: string; className?: string }) {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .filter((paragraph) => paragraph.trim() !== '');
  return paragraphs.map((paragraph, index) => (
    <p key={index} className={className}>
      {paragraph.split('\n').map((line, lineIndex) => (
        <Fragment key={lineIndex}>
          {lineIndex > 0 && <br />}
          {line}
        </Fragment>
      ))}
    </p>
  ));
}
