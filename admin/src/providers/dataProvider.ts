import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider } from 'react-admin';
import { API_URL, httpClient } from './httpClient';

/** react-admin resources (named after their screen's path) whose API path differs. */
const API_PATHS: Record<string, string> = {
  connections: 'whatsapp',
  queues: 'queue',
  'queue-integration': 'queueIntegration',
  prompts: 'prompt',
};

const rest = simpleRestProvider(API_URL, httpClient);
const at = (resource: string) => API_PATHS[resource] ?? resource;

/** ra-data-simple-rest against the API's simple-rest dialect (Content-Range), each resource at its API path. */
export const dataProvider: DataProvider = {
  getList: (resource, params) => rest.getList(at(resource), params),
  getOne: (resource, params) => rest.getOne(at(resource), params),
  getMany: (resource, params) => rest.getMany(at(resource), params),
  getManyReference: (resource, params) => rest.getManyReference(at(resource), params),
  create: (resource, params) => rest.create(at(resource), params),
  update: (resource, params) => rest.update(at(resource), params),
  updateMany: (resource, params) => rest.updateMany(at(resource), params),
  delete: (resource, params) => rest.delete(at(resource), params),
  deleteMany: (resource, params) => rest.deleteMany(at(resource), params),
};
