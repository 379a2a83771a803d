import { Menu } from 'react-admin';
import { type AppRoute, ROUTES } from '../routes';
import { ChatsIcon } from './ChatsIcon';
import { ConnectionsIcon } from './ConnectionsIcon';

/** Routes whose menu icon carries a live marker. */
function liveIcon(route: AppRoute) {
  if (route === ROUTES.connections) return <ConnectionsIcon />;
  if (route === ROUTES.chats) return <ChatsIcon />;
  return undefined;
}

export function RouteMenuItem({ route }: { route: AppRoute }) {
  const Icon = route.icon;
  return <Menu.Item to={route.to ?? route.path} primaryText={route.menuTitle ?? route.title} leftIcon={liveIcon(route) ?? (Icon && <Icon />)} />;
}
