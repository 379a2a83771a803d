import { memoryStore, type Store } from 'react-admin';

/** Store keys kept in localStorage across sessions, with their localStorage names. */
const PREFERENCES = {
  theme: 'theme',
  locale: 'language',
  volume: 'volume',
} as const;
type Preference = keyof typeof PREFERENCES;

const WIDE_SCREEN_PX = 1200;

export function readPreference(key: Preference): string | null {
  return localStorage.getItem(PREFERENCES[key]);
}

function storedPreferences(): Record<string, unknown> {
  const volume = Number(readPreference('volume'));
  return {
    ...(readPreference('theme') && { theme: readPreference('theme') === 'dark' ? 'dark' : 'light' }),
    ...(readPreference('locale') && { locale: readPreference('locale') }),
    ...(readPreference('volume') !== null && volume >= 0 && volume <= 1 && { volume }),
  };
}

/**
 * The react-admin store: in memory, except the user's preferences, which are mirrored to localStorage
 * and survive the store reset done on logout.
 */
export function createStore(): Store {
  const store = memoryStore({ 'sidebar.open': window.innerWidth > WIDE_SCREEN_PX, ...storedPreferences() });
  return {
    ...store,
    setItem(key, value) {
      store.setItem(key, value);
      if (key in PREFERENCES) localStorage.setItem(PREFERENCES[key as Preference], String(value));
    },
    reset() {
      store.reset();
      for (const [key, value] of Object.entries(storedPreferences())) store.setItem(key, value);
    },
  };
}
