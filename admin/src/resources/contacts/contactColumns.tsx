import { Avatar, Skeleton } from '@mui/material';
import type { Column } from '../../components/ResourceTable';
import type { Contact } from './types';

const avatarCell = { padding: 'checkbox', sx: { pl: 1.5 } } as const;

/** The contacts table: picture, name, number and email. */
export const CONTACT_COLUMNS: Column<Contact>[] = [
  {
    source: 'avatar',
    noHeader: true,
    cellProps: avatarCell,
    skeleton: <Skeleton variant="circular" width={32} height={32} />,
    render: (contact) => (
      <Avatar src={contact.profilePicUrl ?? undefined} alt={contact.name} sx={{ width: 32, height: 32, fontSize: 15 }}>
        {contact.name?.charAt(0).toUpperCase()}
      </Avatar>
    ),
  },
  { source: 'name' },
  { source: 'number', cellProps: { sx: { whiteSpace: 'nowrap' } } },
  { source: 'email' },
];
