import type { Profile } from '../../../../src/shared/permissions';

export interface QueueSummary {
  id: number;
  name: string;
  color: string;
}

/** A user as the API answers it. */
export interface User {
  id: number;
  name: string;
  email: string;
  profile: Profile;
  super?: boolean;
  allTicket?: string;
  whatsappId?: number | null;
  queues?: QueueSummary[];
}

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
