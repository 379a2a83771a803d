import { useTranslate } from 'react-admin';

/** A catalog text in a table cell (column renderers are plain functions, not components). */
export function CatalogText({ text }: { text: string }) {
  return <>{useTranslate()(text)}</>;
}
