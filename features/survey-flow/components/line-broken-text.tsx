import { Fragment } from 'react';

/** Survey text as text: line breaks become <br>, nothing else is markup (design.md security rules). */
export function LineBrokenText({ text }: { text: string }) {
  const lines = text.split(/\r\n|\r|\n/);
  return (
    <>
      {lines.map((line, index) => (
        <Fragment key={index}>
          {index > 0 ? <br /> : null}
          {line}
        </Fragment>
      ))}
    </>
  );
}
