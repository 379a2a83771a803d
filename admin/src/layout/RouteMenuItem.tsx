import { Menu } from 'react-admin';
import { type AppRoute, ROUTES } from '../routes';
import { ConnectionsIcon } from './ConnectionsIcon';

export function RouteMenuItem({ route }: { route: AppRoute }) {
  const Icon = route.icon;
  return (
    <Menu.Item
      to={route.to ?? route.path}
      primaryText={route.menuTitle ?? route.title}
      leftIcon={route === ROUTES.connections ? <ConnectionsIcon /> : Icon && <Icon />}
    />
  );
}
