import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Column } from '../../components/ResourceTable';
import type { User } from './types';

function ProfileChip({ profile }: { profile: User['profile'] }) {
  const translate = useTranslate();
  return (
    <Chip size="small" variant="outlined" color={profile === 'admin' ? 'primary' : 'default'} label={translate(`users.profiles.${profile}`, { _: profile })} />
  );
}

/** The users table: id, name, email and profile. */
export const USER_COLUMNS: Column<User>[] = [
  { source: 'id' },
  { source: 'name' },
  { source: 'email' },
  { source: 'profile', render: (user) => <ProfileChip profile={user.profile} /> },
];
