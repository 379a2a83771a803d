import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { Avatar, IconButton, Skeleton, Table, TableBody, TableCell, TableHead, TableRow, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Contact } from './types';

interface ContactTableProps {
  contacts: Contact[];
  loading: boolean;
  /** 'contacts-page:deleteContact' */
  canDelete: boolean;
  onEdit(contact: Contact): void;
  onDelete(contact: Contact): void;
}

const COLUMNS = ['name', 'number', 'email'] as const;

export function ContactTable({ contacts, loading, canDelete, onEdit, onDelete }: ContactTableProps) {
  const translate = useTranslate();
  return (
    <Table stickyHeader size="small" aria-label={translate('contacts.title')}>
      <TableHead>
        <TableRow>
          <TableCell padding="checkbox" />
          {COLUMNS.map(column => (
            <TableCell key={column}>{translate(`contacts.columns.${column}`)}</TableCell>
          ))}
          <TableCell align="center">{translate('contacts.columns.actions')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {contacts.map(contact => (
          <TableRow key={contact.id} hover data-contact-id={contact.id}>
            <TableCell padding="checkbox" sx={{ pl: 1.5 }}>
              <Avatar src={contact.profilePicUrl ?? undefined} alt={contact.name} sx={{ width: 32, height: 32, fontSize: 15 }}>
                {contact.name?.charAt(0).toUpperCase()}
              </Avatar>
            </TableCell>
            <TableCell>{contact.name}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{contact.number}</TableCell>
            <TableCell>{contact.email}</TableCell>
            <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>
              <Tooltip title={translate('contacts.edit', { name: contact.name })}>
                <IconButton size="small" aria-label={translate('contacts.edit', { name: contact.name })} onClick={() => onEdit(contact)}>
                  <EditOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
              {canDelete && (
                <Tooltip title={translate('contacts.delete', { name: contact.name })}>
                  <IconButton
                    size="small"
                    color="error"
                    aria-label={translate('contacts.delete', { name: contact.name })}
                    onClick={() => onDelete(contact)}
                  >
                    <DeleteOutlined fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
            </TableCell>
          </TableRow>
        ))}
        {loading &&
          [0, 1, 2].map(row => (
            <TableRow key={`loading-${row}`}>
              <TableCell padding="checkbox" sx={{ pl: 1.5 }}>
                <Skeleton variant="circular" width={32} height={32} />
              </TableCell>
              {[...COLUMNS, 'actions'].map(column => (
                <TableCell key={column}>
                  <Skeleton />
                </TableCell>
              ))}
            </TableRow>
          ))}
        {!loading && contacts.length === 0 && (
          <TableRow>
            <TableCell colSpan={COLUMNS.length + 2} align="center" sx={{ py: 4, color: 'text.secondary' }}>
              {translate('contacts.empty')}
            </TableCell>
          </TableRow>
        )}
      </TableBody>
    </Table>
  );
}
