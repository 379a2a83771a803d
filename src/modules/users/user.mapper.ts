import type { User } from './user.entity.js';
import type { UserQueueResponse, UserResponse } from '../../shared/api-types.js';

/** Declared once in src/shared/api-types.ts, where the browser reads them too. */
export type { UserQueueResponse, UserResponse };

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
