import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider, GetListParams, GetManyParams, RaRecord } from 'react-admin';
import { API_URL, httpClient } from './httpClient';

/** react-admin resources (named after their screen's path) whose API path differs. */
const API_PATHS: Record<string, string> = {
  connections: 'whatsapp',
  queues: 'queue',
  'queue-integration': 'queueIntegration',
  prompts: 'prompt',
};

/** Resources the API answers whole, as a plain array (the spec pages neither: a company has a handful). */
const WHOLE_LISTS = new Set(['queues', 'connections']);

/** Resources listed in the spec's dialect only (`{ <key>: records, count }`), their filter sent as the query string. */
const SPEC_LISTS: Record<string, string> = { schedules: 'schedules' };

const rest = simpleRestProvider(API_URL, httpClient);
const at = (resource: string) => API_PATHS[resource] ?? resource;

async function specList<T extends RaRecord>(resource: string, key: string, filter: Record<string, unknown> = {}) {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) if (value !== undefined && value !== '') query.set(name, String(value));
  const body = (await httpClient<Record<string, unknown>>(`${API_URL}/${at(resource)}?${query}`)).json;
  return { data: body[key] as T[], total: Number(body.count) };
}

async function wholeList<T extends RaRecord>(resource: string): Promise<T[]> {
  return (await httpClient<T[]>(`${API_URL}/${at(resource)}`)).json;
}

/** ra-data-simple-rest against the API's simple-rest dialect (Content-Range), each resource at its API path. */
export const dataProvider: DataProvider = {
  async getList<T extends RaRecord>(resource: string, params: GetListParams) {
    if (SPEC_LISTS[resource]) return specList<T>(resource, SPEC_LISTS[resource], params.filter);
    if (!WHOLE_LISTS.has(resource)) return rest.getList<T>(at(resource), params);
    const data = await wholeList<T>(resource);
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
