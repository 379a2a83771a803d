import type { SettingResponse } from '../../../../src/shared/api-types';

/** A company setting as GET /settings answers it. */
export type Setting = SettingResponse;

/** `company-{id}-settings`. */
export interface SettingEvent {
  action?: string;
  setting?: Setting;
}

export type ScheduleType = 'disabled' | 'queue' | 'company';

/** The selects of the Opções tab, with the values each offers (catalog keys `settings.values.{value}`). */
export const SETTING_SELECTS: { key: string; options: string[] }[] = [
  { key: 'userRating', options: ['disabled', 'enabled'] },
  { key: 'scheduleType', options: ['disabled', 'queue', 'company'] },
  { key: 'CheckMsgIsGroup', options: ['disabled', 'enabled'] },
  { key: 'call', options: ['disabled', 'enabled'] },
  { key: 'chatBotType', options: ['text'] },
  { key: 'sendGreetingAccepted', options: ['disabled', 'enabled'] },
  { key: 'sendMsgTransfTicket', options: ['disabled', 'enabled'] },
  { key: 'sendGreetingMessageOneQueues', options: ['disabled', 'enabled'] },
];

/** The integration text fields, grouped by the system they reach; each is saved as a setting on blur. */
export const INTEGRATION_GROUPS: { name: string; keys: string[] }[] = [
  { name: 'ixc', keys: ['ipixc', 'tokenixc'] },
  { name: 'mkauth', keys: ['ipmkauth', 'clientidmkauth', 'clientsecretmkauth'] },
  { name: 'asaas', keys: ['asaas'] },
];
