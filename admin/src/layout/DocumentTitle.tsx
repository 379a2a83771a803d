import { useEffect } from 'react';
import { useTranslate } from 'react-admin';

/**
 * The browser tab names the screen (`screen`, a catalog key) and, when there are any, the unread tickets. Kept free
 * of the route table so the login page can use it without loading the menu.
 */
export function DocumentTitle({ screen, unread = 0 }: { screen: string | undefined; unread?: number }) {
  const translate = useTranslate();
  const app = translate('app.name');
  const name = screen ? `${translate(screen)} · ${app}` : app;
  const title = `${unread > 0 ? `(${unread > 99 ? '99+' : unread}) ` : ''}${name}`;
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
