import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Collapse, List, ListItemIcon, MenuItem, Typography } from '@mui/material';
import { useState } from 'react';
import { useLocation, useSidebarState, useTranslate } from 'react-admin';
import type { MenuGroup } from '../routes';
import { RouteMenuItem } from './RouteMenuItem';

/** A collapsible group of menu entries, open while one of its routes is shown. */
export function MenuGroupItem({ group }: { group: MenuGroup }) {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const [sidebarOpen] = useSidebarState();
  const [open, setOpen] = useState(() => group.routes.some((route) => pathname.startsWith(route.to ?? route.path)));
  const Icon = group.icon;

  return (
    <>
      <MenuItem onClick={() => setOpen(!open)} aria-expanded={open} sx={{ color: 'text.secondary', borderRadius: 1, mx: 0.5, my: '1px', pl: 1.5 }}>
        <ListItemIcon>
          <Icon />
        </ListItemIcon>
        <Typography variant="inherit" noWrap sx={{ flexGrow: 1 }}>
          {translate(group.title)}
        </Typography>
        {sidebarOpen && (open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />)}
      </MenuItem>
      <Collapse in={open} timeout="auto" unmountOnExit>
        <List disablePadding sx={{ pl: sidebarOpen ? 2 : 0 }}>
          {group.routes.map((route) => (
            <RouteMenuItem key={route.path} route={route} />
          ))}
        </List>
      </Collapse>
    </>
  );
}
