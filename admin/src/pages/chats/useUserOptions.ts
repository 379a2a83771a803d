import { useAppDataProvider } from '../../providers/dataProvider';
import { useEffect, useState } from 'react';
import { ignoreFailure } from './chatMethods';
import type { UserOption } from './types';

/** The company's users (GET /users/list) other than the signed-in one, who joins every chat they create. */
export function useUserOptions(userId: number | undefined): UserOption[] {
  const dataProvider = useAppDataProvider();
  const [users, setUsers] = useState<UserOption[]>([]);
  useEffect(() => {
    let current = true;
    dataProvider
      .getChatUserOptions()
      .then((list) => current && setUsers((Array.isArray(list) ? list : []).filter((user) => user.id !== userId).map(({ id, name }) => ({ id, name }))))
      .catch(ignoreFailure);
    return () => {
      current = false;
    };
  }, [userId, dataProvider.getChatUserOptions]);
  return users;
}
