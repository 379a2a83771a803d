import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
};

/** Whether the tab is on screen: a chat is only marked read when someone can actually read it. */
export const useDocumentVisible = () => useSyncExternalStore(subscribe, () => document.visibilityState === 'visible');
