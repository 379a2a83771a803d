// Setting keys and the defaults every new company starts with.
export const DEFAULT_SETTINGS: Readonly<Record<string, string>> = {
  userRating: 'disabled',
  scheduleType: 'disabled',
  CheckMsgIsGroup: 'enabled',
  call: 'enabled',
  chatBotType: 'text',
  sendGreetingAccepted: 'disabled',
  sendMsgTransfTicket: 'disabled',
  sendGreetingMessageOneQueues: 'disabled',
  userCreation: 'enabled',
  campaignsEnabled: 'true',
};

/** Settings that hold credentials: only admins may read them. */
export const SECRET_SETTING_KEYS: readonly string[] = ['tokenixc', 'clientsecretmkauth', 'asaas'];

export const SETTING_KEYS: readonly string[] = [
  ...Object.keys(DEFAULT_SETTINGS),
  'ipixc',
  'tokenixc',
  'ipmkauth',
  'clientidmkauth',
  'clientsecretmkauth',
  'asaas',
];
