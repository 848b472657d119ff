import { Fragment } from 'react';

/**
 * Survey text as text: line breaks become <br>, nothing else is markup (the product spec's design.md, security rules). Isolated in its
 * own writing direction: a Spanish survey under the Arabic interface keeps '¿…?' at the right ends.
 */
export function LineBrokenText({ text }: { text: string }) {
  const lines = text.split(/\r\n|\r|\n/);
  return (
    <span dir="auto">
      {lines.map((line, index) => (
        <Fragment key={index}>
          {index > 0 ? <br /> : null}
          {line}
        </Fragment>
      ))}
    </span>
  );
}
