/**
 * Desktop notifications through the browser's Notification API. Every call is a no-op where the API is absent
 * (some phones, embedded browsers) or not granted, and none throws.
 */

const notificationApi = (): typeof Notification | null =>
  typeof window !== 'undefined' && typeof window.Notification === 'function' ? window.Notification : null;

let asked = false;

/**
 * Asks for permission once per page load, on the first pointer or key gesture (browsers ignore or quietly block an
 * unprompted request), and only while the user has not answered. Returns the cleanup of the listeners.
 */
export function askNotificationPermissionOnGesture(): () => void {
  const api = notificationApi();
  if (!api || asked || api.permission !== 'default') return () => undefined;
  const ask = () => {
    stop();
    if (asked || api.permission !== 'default') return;
    asked = true;
    try {
      // Older Safari answers through a callback and returns nothing.
      void Promise.resolve(api.requestPermission()).catch(() => undefined);
    } catch {
      // A browser that refuses the request outright: no notifications.
    }
  };
  const stop = () => {
    window.removeEventListener('pointerdown', ask);
    window.removeEventListener('keydown', ask);
  };
  window.addEventListener('pointerdown', ask);
  window.addEventListener('keydown', ask);
  return stop;
}

export interface DesktopNotice {
  title: string;
  body: string;
  /** Notices with the same tag replace each other (one per ticket). */
  tag: string;
  /** After the window is focused and the notice closed. */
  onClick(): void;
}

/** Shows a notice when the user granted notifications; silently nothing otherwise. */
export function showDesktopNotification({ title, body, tag, onClick }: DesktopNotice): void {
  const api = notificationApi();
  if (api?.permission !== 'granted') return;
  try {
    const notice = new api(title, { body, tag });
    notice.onclick = () => {
      window.focus();
      notice.close();
      onClick();
    };
  } catch {
    // Chrome on Android allows notices only from a service worker and throws here.
  }
}
