import { PagedListPage } from '../../components/PagedListPage';
import type { User } from './types';
import { UserDialog } from './UserDialog';
import { USER_COLUMNS } from './userColumns';

const LIVE = { topic: 'user' };
const nameOf = (user: User) => user.name;

/** /users: searchable, infinitely scrolled, live-updated list of the company's users. */
export function UserList() {
  return (
    <PagedListPage<User>
      resource="users"
      path="/users"
      recordsKey="users"
      live={LIVE}
      recordName="user"
      columns={USER_COLUMNS}
      nameOf={nameOf}
      renderDialog={({ record, onClose, onSaved }) => <UserDialog userId={record?.id} onClose={onClose} onSaved={onSaved} />}
    />
  );
}
