import { Fragment, type ReactNode } from "react";

/** How each tag of a message is drawn: given the text between its tags. */
export type RichTags = Record<string, (children: string) => ReactNode>;

const TAG = /<([a-z][a-z0-9]*)>([\s\S]*?)<\/\1>/g;

/**
 * A message whose words hold markup, such as a link in the middle of a sentence:
 * "Read our <link>privacy notice</link>." Each `<name>…</name>` is drawn by `tags[name]`,
 * so the translator keeps the words and their order, and the code keeps the elements.
 * Tags do not nest; `<strong>` needs no renderer, and a tag without one is shown as its text.
 */
export function RichText({ text, tags = {} }: { text: string; tags?: RichTags }) {
  const renderers: RichTags = { strong: (children) => <strong>{children}</strong>, ...tags };
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    const [whole, name = "", inner = ""] = match;
    if (match.index > last) parts.push(text.slice(last, match.index));
    const render = renderers[name];
    parts.push(render ? render(inner) : inner);
    last = match.index + whole.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>{part}</Fragment>
      ))}
    </>
  );
}
