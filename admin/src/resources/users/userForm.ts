import type { User, UserFormValues } from './types';

export const NEW_USER: UserFormValues = {
  name: '',
  email: '',
  password: '',
  profile: 'user',
  allTicket: 'desabled',
  whatsappId: '',
  queueIds: [],
};

export function toFormValues(user: User): UserFormValues {
  return {
    name: user.name,
    email: user.email,
    password: '',
    profile: user.profile,
    allTicket: user.allTicket === 'enabled' || user.allTicket === 'enable' ? 'enabled' : 'desabled',
    whatsappId: user.whatsappId ?? '',
    queueIds: (user.queues ?? []).map((queue) => queue.id),
  };
}

/** The POST/PUT /users body; an empty password keeps the current one. */
export function toPayload(values: UserFormValues) {
  const { password, whatsappId, ...rest } = values;
  return { ...rest, whatsappId: whatsappId === '' || whatsappId === null ? null : whatsappId, ...(password ? { password } : {}) };
}
