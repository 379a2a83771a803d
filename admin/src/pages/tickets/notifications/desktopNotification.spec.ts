import { afterEach, describe, expect, it } from '@jest/globals';
import { askNotificationPermissionOnGesture, showDesktopNotification } from './desktopNotification';

type Listener = () => void;

/** A window with a recording Notification whose permission the test sets; unit tests run without a DOM. */
function fakeWindow(permission: NotificationPermission, { throws = false } = {}) {
  const shown: Array<{ title: string; options: NotificationOptions; instance: { onclick: (() => void) | null; closed: boolean } }> = [];
  const listeners = new Map<string, Listener>();
  let requests = 0;
  let focused = 0;
  class FakeNotification {
    static permission = permission;
    static requestPermission() {
      requests += 1;
      return Promise.resolve<NotificationPermission>('granted');
    }
    onclick: (() => void) | null = null;
    closed = false;
    constructor(title: string, options: NotificationOptions) {
      if (throws) throw new TypeError('Illegal constructor');
      shown.push({ title, options, instance: this });
    }
    close() {
      this.closed = true;
    }
  }
  const win = {
    Notification: FakeNotification,
    focus: () => {
      focused += 1;
    },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    removeEventListener: (type: string) => listeners.delete(type),
  };
  Object.assign(globalThis, { window: win });
  return { shown, listeners, requests: () => requests, focused: () => focused };
}

const notice = (onClick: () => void = () => undefined) => ({ title: 'Mensagem de Maria', body: '🎤 Áudio (0:12)', tag: '42', onClick });

describe('desktop notifications', () => {
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'window');
  });

  it('does nothing, and never throws, where the API is absent, refused or throwing', () => {
    expect(() => showDesktopNotification(notice())).not.toThrow();
    expect(askNotificationPermissionOnGesture()).toBeInstanceOf(Function);
    Object.assign(globalThis, { window: {} });
    expect(() => showDesktopNotification(notice())).not.toThrow();
    const denied = fakeWindow('denied');
    showDesktopNotification(notice());
    expect(denied.shown).toEqual([]);
    fakeWindow('granted', { throws: true });
    expect(() => showDesktopNotification(notice())).not.toThrow();
  });

  it('shows a granted notice tagged with the ticket; a click focuses the window, closes it and opens the ticket', () => {
    const win = fakeWindow('granted');
    const opened: string[] = [];
    showDesktopNotification(notice(() => opened.push('/tickets/u-42')));
    expect(win.shown.map(({ title, options }) => ({ title, ...options }))).toEqual([{ title: 'Mensagem de Maria', body: '🎤 Áudio (0:12)', tag: '42' }]);
    win.shown[0]!.instance.onclick?.();
    expect(win.focused()).toBe(1);
    expect(win.shown[0]!.instance.closed).toBe(true);
    expect(opened).toEqual(['/tickets/u-42']);
  });

  it('asks for permission on the first gesture only, and only while unanswered', () => {
    const answered = fakeWindow('granted');
    askNotificationPermissionOnGesture();
    expect(answered.listeners.size).toBe(0);

    const win = fakeWindow('default');
    askNotificationPermissionOnGesture();
    expect([...win.listeners.keys()].sort()).toEqual(['keydown', 'pointerdown']);
    win.listeners.get('pointerdown')!();
    expect(win.requests()).toBe(1);
    expect(win.listeners.size).toBe(0);
    // Once per page load: a remount does not ask again.
    askNotificationPermissionOnGesture();
    expect(win.listeners.size).toBe(0);
    expect(win.requests()).toBe(1);
  });
});
