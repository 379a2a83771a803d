import { useTranslate } from 'react-admin';

/** MUI's Autocomplete names its buttons "Open", "Close" and "Clear" in English unless told: every one gets these. */
export function useAutocompleteTexts() {
  const translate = useTranslate();
  return {
    openText: translate('autocomplete.open'),
    closeText: translate('autocomplete.close'),
    clearText: translate('autocomplete.clear'),
    loadingText: translate('autocomplete.loading'),
  };
}
