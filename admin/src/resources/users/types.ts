import type { Profile } from '../../../../src/shared/permissions';
import type { UserQueueResponse, UserResponse } from '../../../../src/shared/api-types';

export type QueueSummary = UserQueueResponse;

/** A user as the API answers it. */
export type User = UserResponse;

/** The user dialog's fields. */
export interface UserFormValues {
  name: string;
  email: string;
  password: string;
  profile: Profile;
  allTicket: string;
  whatsappId: number | '';
  queueIds: number[];
}
