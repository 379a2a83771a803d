import { adminQuery, TEMPLATE_ENV } from './global-setup.mjs';
import { stopS3ServerByPid } from './s3-server.mjs';

export default async function globalTeardown() {
  const name = process.env[TEMPLATE_ENV];
  if (name) await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  delete process.env[TEMPLATE_ENV];
  if (process.env.S3_TEST_SERVER_PID) {
    stopS3ServerByPid(process.env.S3_TEST_SERVER_PID, process.env.S3_TEST_SERVER_DIR);
    for (const variable of ['S3_TEST_SERVER_PID', 'S3_TEST_SERVER_DIR', 'S3_ENDPOINT', 'S3_BUCKET']) delete process.env[variable];
  }
}
