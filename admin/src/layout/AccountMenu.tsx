import PersonOutlined from '@mui/icons-material/PersonOutlined';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import { useState } from 'react';
import { Logout, UserMenu, useTranslate, useUserMenu } from 'react-admin';
import { useAccess, useReloadAccess } from '../hooks/useAccess';
import { UserDialog } from '../resources/users/UserDialog';

/** The account menu: Perfil (the user dialog on the current user) and Sair. */
export function AccountMenu() {
  const userId = useAccess()?.me.user.id;
  const reloadAccess = useReloadAccess();
  const [profileOpen, setProfileOpen] = useState(false);

  return (
    <>
      <UserMenu>
        <ProfileItem onClick={() => setProfileOpen(true)} />
        <Logout />
      </UserMenu>
      {profileOpen && userId !== undefined && <UserDialog userId={userId} onClose={() => setProfileOpen(false)} onSaved={reloadAccess} />}
    </>
  );
}

function ProfileItem({ onClick }: { onClick(): void }) {
  const translate = useTranslate();
  const userMenu = useUserMenu();
  return (
    <MenuItem
      onClick={() => {
        userMenu?.onClose();
        onClick();
      }}
    >
      <ListItemIcon>
        <PersonOutlined fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('appBar.profile')}</ListItemText>
    </MenuItem>
  );
}
