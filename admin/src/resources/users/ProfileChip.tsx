import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { User } from './types';

/** A user's profile as a chip; admins stand out. */
export function ProfileChip({ profile }: { profile: User['profile'] }) {
  const translate = useTranslate();
  return (
    <Chip size="small" variant="outlined" color={profile === 'admin' ? 'primary' : 'default'} label={translate(`users.profiles.${profile}`, { _: profile })} />
  );
}
