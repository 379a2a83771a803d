import { Divider, ListSubheader } from '@mui/material';
import { Menu as RaMenu, useSidebarState, useTranslate } from 'react-admin';
import { useAccess } from '../hooks/useAccess';
import type { Access } from '../providers/accessControl';
import { type AppRoute, isRouteAllowed, MENU, type MenuGroup, type MenuSection } from '../routes';
import { MenuGroupItem } from './MenuGroupItem';
import { RouteMenuItem } from './RouteMenuItem';
import { VersionText } from './VersionText';

const isGroup = (entry: AppRoute | MenuGroup): entry is MenuGroup => 'routes' in entry;

/** Visible entries of a section; a group shows when any of its routes does. */
function visibleEntries(section: MenuSection, access: Access) {
  return section.entries.flatMap<AppRoute | MenuGroup>((entry) => {
    if (!isGroup(entry)) return isRouteAllowed(entry, access) ? [entry] : [];
    const routes = entry.routes.filter((route) => isRouteAllowed(route, access));
    return routes.length ? [{ ...entry, routes }] : [];
  });
}

/** The side menu: the route table's entries that the user's role and plan allow. */
export function Menu() {
  const access = useAccess();
  const translate = useTranslate();
  const [open] = useSidebarState();
  if (!access) return null;

  return (
    <RaMenu>
      {MENU.map((section) => {
        const entries = visibleEntries(section, access);
        if (!entries.length) return null;
        return [
          section.heading &&
            (open ? (
              <ListSubheader key={section.heading} sx={{ bgcolor: 'transparent', lineHeight: '36px', mt: 1 }}>
                {translate(section.heading)}
              </ListSubheader>
            ) : (
              <Divider key={section.heading} sx={{ my: 1 }} />
            )),
          ...entries.map((entry) => (isGroup(entry) ? <MenuGroupItem key={entry.title} group={entry} /> : <RouteMenuItem key={entry.path} route={entry} />)),
        ];
      })}
      {access.can('drawer-admin-items:view') && <VersionText />}
    </RaMenu>
  );
}
