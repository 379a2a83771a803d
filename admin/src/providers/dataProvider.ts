import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider, GetListParams, GetManyParams, RaRecord } from 'react-admin';
import { API_URL, httpClient } from './httpClient';
import { queueMethods } from './queueMethods';
import { queueOptionMethods } from './queueOptionMethods';

/** react-admin resources (named after their screen's path) whose API path differs. */
const API_PATHS: Record<string, string> = {
  connections: 'whatsapp',
  queues: 'queue',
  'queue-integration': 'queueIntegration',
  prompts: 'prompt',
};

/**
 * Resources the API answers whole, as a plain array (the spec pages neither: a company has a handful); a list's filter
 * goes as query parameters (queue-options: one level of a queue's menu, by queueId and parentId).
 */
const WHOLE_LISTS = new Set(['queues', 'connections', 'queue-options']);

const rest = simpleRestProvider(API_URL, httpClient);
const at = (resource: string) => API_PATHS[resource] ?? resource;

async function wholeList<T extends RaRecord>(resource: string, filter: Record<string, unknown> = {}): Promise<T[]> {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value !== undefined && value !== null) query.set(key, String(value));
  const search = query.size ? `?${query}` : '';
  return (await httpClient<T[]>(`${API_URL}/${at(resource)}${search}`)).json;
}

/** ra-data-simple-rest against the API's simple-rest dialect (Content-Range), each resource at its API path. */
export const dataProvider = {
  ...queueMethods(httpClient),
  ...queueOptionMethods(httpClient),
  async getList<T extends RaRecord>(resource: string, params: GetListParams) {
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
} satisfies DataProvider;
