import { AppBar as RaAppBar, LoadingIndicator, LocalesMenuButton, ToggleThemeButton } from 'react-admin';
import { AccountMenu } from './AccountMenu';
import { Greeting } from './Greeting';
import { NotificationsBell } from './NotificationsBell';
import { SubscriptionWarning } from './SubscriptionWarning';
import { VolumeControl } from './VolumeControl';

const toolbar = (
  <>
    <SubscriptionWarning />
    <NotificationsBell />
    <LocalesMenuButton />
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
