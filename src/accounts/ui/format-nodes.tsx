import { Fragment, type ReactNode } from 'react';

/** `format` for texts with links or emphasis in them: `{name}` placeholders filled with nodes. */
export function formatNodes(text: string, values: Record<string, ReactNode>): ReactNode {
  return text.split(/(\{\w+\})/).map((part, index) => {
    const key = /^\{(\w+)\}$/.exec(part)?.[1];
    return (
      <Fragment key={index}>{key !== undefined && key in values ? values[key] : part}</Fragment>
    );
  });
}
