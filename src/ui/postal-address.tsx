import { Fragment } from 'react';

/** An address as its lines (`addressLines` puts them in the country's order), one to a line. */
export function PostalAddress({ lines }: { lines: string[] }) {
  return (
    <address>
      {lines.map((line, index) => (
        <Fragment key={index}>
          {index > 0 && <br />}
          {line}
        </Fragment>
      ))}
    </address>
  );
}
