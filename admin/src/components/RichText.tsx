import { Fragment, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/** A translated text whose %{placeholders} are React nodes (e.g. bold names). */
export function RichText({ message, values }: { message: string; values: Record<string, ReactNode> }) {
  const translate = useTranslate();
  const markers = Object.fromEntries(Object.keys(values).map((key) => [key, `\u0000${key}\u0000`]));
  const parts = translate(message, markers).split('\u0000');
  // Odd parts are placeholder names: the text alternates literal, name, literal...
  return parts.map((part, index) => <Fragment key={index}>{index % 2 ? values[part] : part}</Fragment>);
}
