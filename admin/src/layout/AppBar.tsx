import { Box } from '@mui/material';
import { AppBar as RaAppBar, LoadingIndicator, LocalesMenuButton, ToggleThemeButton } from 'react-admin';
import { AccountMenu } from './AccountMenu';
import { AnnouncementsBell } from './AnnouncementsBell';
import { ChatsBell } from './ChatsBell';
import { Greeting } from './Greeting';
import { NotificationsBell } from './NotificationsBell';
import { SubscriptionWarning } from './SubscriptionWarning';
import { VolumeControl } from './VolumeControl';

const toolbar = (
  <>
    <SubscriptionWarning />
    <AnnouncementsBell />
    <NotificationsBell />
    <ChatsBell />
    {/* On phones the two bells leave no room for the language's name: the globe alone opens the menu there. */}
    <Box component="span" sx={(theme) => ({ [theme.breakpoints.down('sm')]: { '& .MuiButton-root': { fontSize: 0, minWidth: 0 } } })}>
      <LocalesMenuButton />
    </Box>
    <VolumeControl />
    <ToggleThemeButton />
    <LoadingIndicator />
  </>
);

export function AppBar() {
  return (
    <RaAppBar color="primary" toolbar={toolbar} userMenu={<AccountMenu />}>
      <Greeting />
    </RaAppBar>
  );
}
