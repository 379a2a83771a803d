import { adminQuery, TEMPLATE_ENV } from './global-setup.mjs';

export default async function globalTeardown() {
  const name = process.env[TEMPLATE_ENV];
  if (name) await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  delete process.env[TEMPLATE_ENV];
}
