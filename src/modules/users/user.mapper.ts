import type { User } from './user.entity.js';

export interface UserQueueResponse {
  id: number;
  name: string;
  color: string;
}

export interface UserResponse {
  id: number;
  name: string;
  email: string;
  profile: string;
  super: boolean;
  allTicket: string;
  whatsappId: number | null;
  companyId: number;
  online: boolean;
  lastSeenAt: string | null;
  createdAt: string;
  updatedAt: string;
  queues: UserQueueResponse[];
}

/** Never returns the hash or the token version. Expects `queues` to be loaded. */
export function toUserResponse(user: User): UserResponse {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    profile: user.profile,
    super: user.super,
    allTicket: user.allTicket,
    whatsappId: user.whatsappId,
    companyId: user.company.id,
    online: user.online,
    lastSeenAt: user.lastSeenAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
    queues: user.queues.isInitialized()
      ? user.queues
          .getItems()
          .map((q) => ({ id: q.id, name: q.name, color: q.color }))
          .sort((a, b) => a.id - b.id)
      : [],
  };
}
