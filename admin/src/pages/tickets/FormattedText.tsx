import { Fragment, type ReactNode } from 'react';

/** WhatsApp inline marks: *bold*, _italic_, ~strike~ (the signature is `*Name:*`). */
const MARKS = /(\*[^*\n]+\*|_[^_\n]+_|~[^~\n]+~)/g;

export function FormattedText({ text }: { text: string }) {
  const parts = text.split(MARKS);
  return (
    <>
      {parts.map((part, index): ReactNode => {
        if (index % 2 === 0) return <Fragment key={index}>{part}</Fragment>;
        const inner = part.slice(1, -1);
        if (part.startsWith('*')) return <b key={index}>{inner}</b>;
        if (part.startsWith('_')) return <i key={index}>{inner}</i>;
        return <s key={index}>{inner}</s>;
      })}
    </>
  );
}
