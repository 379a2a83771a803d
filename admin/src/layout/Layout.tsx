import type { ReactNode } from 'react';
import { Layout as RaLayout } from 'react-admin';
import { RouteGuard } from '../components/RouteGuard';
import { ChatsProvider } from '../pages/chats/ChatsProvider';
import { SessionWatcher } from '../realtime/SessionWatcher';
import { SocketProvider } from '../realtime/SocketProvider';
import { AppBar } from './AppBar';
import { Menu } from './Menu';
import { ReconnectingBar } from './ReconnectingBar';

/**
 * The signed-in shell: socket session, internal chats (bell, menu dot, page), top bar and side menu around the routed
 * screen, which the route table guards; a "reconnecting" bar over it while the server is unavailable.
 */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <SocketProvider>
      <SessionWatcher />
      <ReconnectingBar />
      <ChatsProvider>
        <RaLayout appBar={AppBar} menu={Menu} sx={{ minWidth: 0, '& .RaLayout-content': { minWidth: 0, px: { xs: 1, sm: 3 }, pb: 3 } }}>
          <RouteGuard>{children}</RouteGuard>
        </RaLayout>
      </ChatsProvider>
    </SocketProvider>
  );
}
