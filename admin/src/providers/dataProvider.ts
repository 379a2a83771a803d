import simpleRestProvider from 'ra-data-simple-rest';
import { useMemo, useRef } from 'react';
import { type DataProvider, type GetListParams, type GetManyParams, type RaRecord, useDataProvider } from 'react-admin';
import { chatMethods } from '../pages/chats/chatMethods';
import { campaignSettingsMethods } from '../pages/campaigns-config/campaignSettingsMethods';
import { dashboardMethods } from '../pages/dashboard/dashboardMethods';
import { kanbanMethods } from '../pages/kanban/kanbanMethods';
import { settingsMethods } from '../pages/settings/settingsMethods';
import { ticketMethods } from '../pages/tickets/ticketMethods';
import { billingMethods } from './billingMethods';
import { campaignMethods } from './campaignMethods';
import { connectionMethods } from './connectionMethods';
import { fileListMethods } from './fileListMethods';
import { API_URL, httpClient } from './httpClient';
import { queueIntegrationMethods } from './queueIntegrationMethods';
import { queueMethods } from './queueMethods';
import { queueOptionMethods } from './queueOptionMethods';
import { quickMessageMethods } from './quickMessageMethods';
import { contactListMethods } from './contactListMethods';
import { announcementMethods } from '../resources/announcements/announcementMethods';
import { templateMethods } from '../resources/message-templates/templateMethods';

/** react-admin resources (named after their screen's path) whose API path differs. */
const API_PATHS: Record<string, string> = {
  connections: 'whatsapp',
  queues: 'queue',
  'queue-integration': 'queueIntegration',
  prompts: 'prompt',
  financeiro: 'invoices',
};

/**
 * Resources the API answers whole, as a plain array (the spec pages neither: a company has a handful); a list's filter
 * goes as query parameters (queue-options: one level of a queue's menu, by queueId and parentId).
 */
const WHOLE_LISTS = new Set(['queues', 'connections', 'queue-options']);

/** Resources listed in the spec's dialect only (`{ <key>: records, count }`), their filter sent as the query string. */
const SPEC_LISTS: Record<string, string> = { schedules: 'schedules' };

const rest = simpleRestProvider(API_URL, httpClient);
const at = (resource: string) => API_PATHS[resource] ?? resource;

/** A list's API URL with its filter as query parameters (the dialects react-admin's simple-rest does not speak). */
function listUrl(resource: string, filter: Record<string, unknown> = {}): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) if (value !== undefined && value !== null && value !== '') query.set(name, String(value));
  return `${API_URL}/${at(resource)}${query.size ? `?${query}` : ''}`;
}

async function specList<T extends RaRecord>(resource: string, key: string, filter?: Record<string, unknown>) {
  const body = (await httpClient<Record<string, unknown>>(listUrl(resource, filter))).json;
  return { data: body[key] as T[], total: Number(body.count) };
}

async function wholeList<T extends RaRecord>(resource: string, filter?: Record<string, unknown>): Promise<T[]> {
  return (await httpClient<T[]>(listUrl(resource, filter))).json;
}

/** ra-data-simple-rest against the API's simple-rest dialect (Content-Range), each resource at its API path. */
const resources: DataProvider = {
  async getList<T extends RaRecord>(resource: string, params: GetListParams) {
    if (SPEC_LISTS[resource]) return specList<T>(resource, SPEC_LISTS[resource], params.filter);
    if (!WHOLE_LISTS.has(resource)) return rest.getList<T>(at(resource), params);
    const data = await wholeList<T>(resource, params.filter);
    return { data, total: data.length };
  },
  getOne: (resource, params) => rest.getOne(at(resource), params),
  async getMany<T extends RaRecord>(resource: string, params: GetManyParams<T>) {
    if (!WHOLE_LISTS.has(resource)) return rest.getMany<T>(at(resource), params);
    const ids = new Set(params.ids.map(String));
    return { data: (await wholeList<T>(resource)).filter((record) => ids.has(String(record.id))) };
  },
  getManyReference: (resource, params) => rest.getManyReference(at(resource), params),
  create: (resource, params) => rest.create(at(resource), params),
  update: (resource, params) => rest.update(at(resource), params),
  updateMany: (resource, params) => rest.updateMany(at(resource), params),
  delete: (resource, params) => rest.delete(at(resource), params),
  deleteMany: (resource, params) => rest.deleteMany(at(resource), params),
};

/**
 * The resources' CRUD, their uploads, and the custom calls (ticket actions, messages, kanban moves, internal chat,
 * reports, settings, connection sessions and tokens).
 */
export const dataProvider = {
  ...resources,
  ...queueMethods(httpClient),
  ...queueOptionMethods(httpClient),
  ...quickMessageMethods(httpClient),
  ...fileListMethods(httpClient),
  ...contactListMethods(httpClient),
  ...queueIntegrationMethods(httpClient),
  ...campaignMethods(httpClient),
  ...ticketMethods,
  ...kanbanMethods,
  ...chatMethods,
  ...dashboardMethods,
  ...settingsMethods,
  ...campaignSettingsMethods,
  ...connectionMethods(httpClient, API_URL),
  ...billingMethods(httpClient),
  ...announcementMethods(httpClient),
  ...templateMethods(httpClient),
};

export type AppDataProvider = typeof dataProvider;

/**
 * react-admin's dataProvider (errors go through the authProvider's checkError) with the custom methods typed, as one
 * object for the component's life: react-admin's proxy is rebuilt on every navigation, and the custom pages' effects
 * that load through it must not run again when only the route changed.
 */
export function useAppDataProvider(): AppDataProvider {
  const current = useDataProvider<AppDataProvider>();
  const latest = useRef(current);
  latest.current = current;
  return useMemo(() => {
    // One function per method, so that a method is a stable dependency too.
    const methods = new Map<PropertyKey, (...args: unknown[]) => unknown>();
    const call =
      (method: PropertyKey) =>
      (...args: unknown[]) =>
        (latest.current[method as keyof AppDataProvider] as (...a: unknown[]) => unknown)(...args);
    return new Proxy({} as AppDataProvider, {
      get: (_, method) => {
        // Not a promise: `await` and Promise.resolve look for `then`.
        if (method === 'then') return undefined;
        if (!methods.has(method)) methods.set(method, call(method));
        return methods.get(method);
      },
    });
  }, []);
}
