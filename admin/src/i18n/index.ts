import polyglotI18nProvider from 'ra-i18n-polyglot';
import { mergeTranslations } from 'react-admin';
import { readPreference } from '../providers/preferences';
import { type Catalog, pt } from './pt';

const DEFAULT_LOCALE = 'pt';

/** The other catalogs are fetched when chosen, so the first load carries only the default one. */
const loaders: Record<string, () => Promise<Catalog>> = {
  en: () => import('./en').then((m) => m.en),
  es: () => import('./es').then((m) => m.es),
};
const merged: Record<string, Catalog> = { [DEFAULT_LOCALE]: pt };

async function loadMessages(locale: string): Promise<Catalog> {
  merged[locale] ??= mergeTranslations(pt, (await loaders[locale]?.()) ?? {});
  return merged[locale];
}

const storedLocale = readPreference('locale');
const initialLocale = storedLocale && (storedLocale === DEFAULT_LOCALE || storedLocale in loaders) ? storedLocale : DEFAULT_LOCALE;
// react-admin needs the first locale's messages at once: a user who chose another language waits for its catalog.
if (initialLocale !== DEFAULT_LOCALE) await loadMessages(initialLocale);

export const i18nProvider = polyglotI18nProvider((locale) => merged[locale] ?? loadMessages(locale), initialLocale, [
  { locale: 'pt', name: 'Português' },
  { locale: 'en', name: 'English' },
  { locale: 'es', name: 'Español' },
]);

/** The catalog key of an API error code, when the code has a translation. */
export function errorKey(code: string | undefined): string | undefined {
  return code && code in pt.errors ? `errors.${code}` : undefined;
}
