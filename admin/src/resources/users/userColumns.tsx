import type { Column } from '../../components/ResourceTable';
import { ProfileChip } from './ProfileChip';
import type { User } from './types';

/** The table of a company's users in Settings → Empresas: id, name, email and profile. */
export const USER_COLUMNS: Column<User>[] = [
  { source: 'id' },
  { source: 'name' },
  { source: 'email' },
  { source: 'profile', render: (user) => <ProfileChip profile={user.profile} /> },
];
