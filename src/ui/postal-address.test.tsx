import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PostalAddress } from './postal-address.tsx';

describe('a postal address', () => {
  it('writes its lines one to a line, escaped as text', () => {
    expect(
      renderToStaticMarkup(<PostalAddress lines={['Ada <b>Lovelace</b>', '221B Baker Street']} />),
    ).toBe('<address>Ada &lt;b&gt;Lovelace&lt;/b&gt;<br/>221B Baker Street</address>');
  });
});
