import polyglotI18nProvider from 'ra-i18n-polyglot';
import { mergeTranslations } from 'react-admin';
import { readPreference } from '../providers/preferences';
import { en } from './en';
import { es } from './es';
import { pt } from './pt';

const catalogs: Record<string, typeof pt> = { pt, en, es };
const DEFAULT_LOCALE = 'pt';

const messagesFor = (locale: string) => (locale === DEFAULT_LOCALE ? pt : mergeTranslations(pt, catalogs[locale] ?? {}));

const storedLocale = readPreference('locale');

export const i18nProvider = polyglotI18nProvider(messagesFor, storedLocale && storedLocale in catalogs ? storedLocale : DEFAULT_LOCALE, [
  { locale: 'pt', name: 'Português' },
  { locale: 'en', name: 'English' },
  { locale: 'es', name: 'Español' },
]);

/** The catalog key of an API error code, when the code has a translation. */
export function errorKey(code: string | undefined): string | undefined {
  return code && code in pt.errors ? `errors.${code}` : undefined;
}
