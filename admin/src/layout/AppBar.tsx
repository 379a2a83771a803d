import { Box, type Theme } from '@mui/material';
import { AppBar as RaAppBar, LoadingIndicator, ToggleThemeButton } from 'react-admin';
import { AccountMenu } from './AccountMenu';
import { AnnouncementsBell } from './AnnouncementsBell';
import { ChatsBell } from './ChatsBell';
import { Greeting } from './Greeting';
import { LanguageMenu } from './LanguageMenu';
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
      <LanguageMenu />
    </Box>
    <VolumeControl />
    <ToggleThemeButton />
    <LoadingIndicator />
  </>
);

/** On phones ten buttons share 390 px: slimmer buttons and gutters keep the account menu on screen. */
const phoneFit = (theme: Theme) => ({
  [theme.breakpoints.down('sm')]: {
    '& .MuiToolbar-root': { pl: 0.5, pr: 0.5 },
    '& .MuiIconButton-root, & .MuiButton-root': { px: 0.625, minWidth: 0 },
    '& .MuiButton-endIcon': { display: 'none' },
  },
});

export function AppBar() {
  return (
    <RaAppBar color="primary" toolbar={toolbar} userMenu={<AccountMenu />} sx={phoneFit}>
      <Greeting />
    </RaAppBar>
  );
}
