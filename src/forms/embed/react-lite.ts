import { options, toChildArray, type VNode } from 'preact';

/**
 * In embed.js, `react` is this for the shop's own code (the form renderer, LiveForm): Preact's
 * core and hooks, which is all they use, without preact/compat (about 4 KB gzipped kept out of
 * what every host page loads). preact/compat still serves the libraries that need it
 * (react-day-picker, in the date picker's chunk). vite.embed.config.ts picks which by importer.
 *
 * What compat would add that the renderer needs: a `<select defaultValue>` (and a multiple
 * select's array) choosing its options. Preact's core takes `defaultValue` and `defaultChecked`
 * of inputs and textareas as DOM properties, which is what React does too.
 */
export { useEffect, useRef, useState } from 'preact/hooks';

type SelectProps = { defaultValue?: unknown; multiple?: boolean; children?: unknown };
type OptionProps = { value?: unknown; selected?: boolean };

const previous = options.vnode;
options.vnode = (vnode: VNode) => {
  if (vnode.type === 'select') {
    const props = vnode.props as SelectProps;
    const chosen = props.defaultValue;
    if (chosen != null) {
      const values = Array.isArray(chosen) ? chosen.map(String) : [String(chosen)];
      for (const child of toChildArray(props.children as never)) {
        if (typeof child !== 'object' || child.type !== 'option') continue;
        const option = child.props as OptionProps;
        option.selected = values.includes(String(option.value));
      }
      delete props.defaultValue;
    }
  }
  previous?.(vnode);
};
