import { describe, expect, it } from 'vitest';
import { parseProductPageSettings, productPageSettingNames } from './product-page-settings.ts';

const viewerOptions = (value?: string) =>
  parseProductPageSettings(
    new Map(value === undefined ? [] : [[productPageSettingNames.viewerOptions, value]]),
  ).viewerOptions;

describe('the full-screen viewer’s options', () => {
  it('hide the page behind an opaque backdrop unless the shop sets bgOpacity', () => {
    expect(viewerOptions().bgOpacity).toBe(1);
    expect(viewerOptions('{"loop":false}').bgOpacity).toBe(1);
    expect(viewerOptions('{"bgOpacity":0.85}').bgOpacity).toBe(0.85);
    expect(viewerOptions('{"bgOpacity":7}').bgOpacity).toBe(1);
    expect(viewerOptions('not json').bgOpacity).toBe(1);
  });
});
