import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import {
  Chip,
  IconButton,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import type { User } from './types';

interface UserTableProps {
  users: User[];
  loading: boolean;
  onEdit(user: User): void;
  onDelete(user: User): void;
}

const COLUMNS = ['id', 'name', 'email', 'profile'] as const;

export function UserTable({ users, loading, onEdit, onDelete }: UserTableProps) {
  const translate = useTranslate();
  return (
    <Table stickyHeader size="small" aria-label={translate('users.title')}>
      <TableHead>
        <TableRow>
          {COLUMNS.map(column => (
            <TableCell key={column}>{translate(`users.columns.${column}`)}</TableCell>
          ))}
          <TableCell align="center">{translate('users.columns.actions')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {users.map(user => (
          <TableRow key={user.id} hover data-user-id={user.id}>
            <TableCell>{user.id}</TableCell>
            <TableCell>{user.name}</TableCell>
            <TableCell>{user.email}</TableCell>
            <TableCell>
              <Chip
                size="small"
                variant="outlined"
                color={user.profile === 'admin' ? 'primary' : 'default'}
                label={translate(`users.profiles.${user.profile}`, { _: user.profile })}
              />
            </TableCell>
            <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>
              <Tooltip title={translate('users.edit', { name: user.name })}>
                <IconButton size="small" aria-label={translate('users.edit', { name: user.name })} onClick={() => onEdit(user)}>
                  <EditOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title={translate('users.delete', { name: user.name })}>
                <IconButton
                  size="small"
                  color="error"
                  aria-label={translate('users.delete', { name: user.name })}
                  onClick={() => onDelete(user)}
                >
                  <DeleteOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
            </TableCell>
          </TableRow>
        ))}
        {loading &&
          [0, 1, 2].map(row => (
            <TableRow key={`loading-${row}`}>
              {[...COLUMNS, 'actions'].map(column => (
                <TableCell key={column}>
                  <Skeleton />
                </TableCell>
              ))}
            </TableRow>
          ))}
        {!loading && users.length === 0 && (
          <TableRow>
            <TableCell colSpan={COLUMNS.length + 1} align="center" sx={{ py: 4, color: 'text.secondary' }}>
              {translate('users.empty')}
            </TableCell>
          </TableRow>
        )}
      </TableBody>
    </Table>
  );
}
