import { useEffect, useState } from 'react';
import { chatApi, ignoreFailure } from './chatApi';
import type { UserOption } from './types';

/** The company's users (GET /users/list) other than the signed-in one, who joins every chat they create. */
export function useUserOptions(userId: number | undefined): UserOption[] {
  const [users, setUsers] = useState<UserOption[]>([]);
  useEffect(() => {
    let current = true;
    chatApi
      .users()
      .then((list) => current && setUsers((Array.isArray(list) ? list : []).filter((user) => user.id !== userId).map(({ id, name }) => ({ id, name }))))
      .catch(ignoreFailure);
    return () => {
      current = false;
    };
  }, [userId]);
  return users;
}
