import { useEffect } from 'react';
import { useTranslate } from 'react-admin';

/**
 * The browser tab names the screen (`screen`, a catalog key) and, when there are any, the unread tickets; `latest`
 * (the latest message that rang while the tab was hidden, "Maria: 🎤 Áudio (0:12)") takes the screen's place. Kept
 * free of the route table so the login page can use it without loading the menu.
 */
export function DocumentTitle({ screen, unread = 0, latest }: { screen: string | undefined; unread?: number; latest?: string | null }) {
  const translate = useTranslate();
  const app = translate('app.name');
  const name = latest || (screen ? `${translate(screen)} · ${app}` : app);
  const title = `${unread > 0 ? `(${unread > 99 ? '99+' : unread}) ` : ''}${name}`;
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
