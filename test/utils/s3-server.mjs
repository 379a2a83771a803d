// A local S3-compatible server for tests (s3rver in a child process), shared by the storage contract test, the S3 e2e
// tests and the e2e global setup (STORAGE=s3 runs every e2e file against it).
//
//   const s3 = await startS3Server();
//   ... loadConfig({ ...s3.env }) or createS3Client(s3.config) ...
//   await s3.stop();
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const TEST_BUCKET = 'media-test';
/** s3rver's only credentials. */
const KEY = 'S3RVER';
const MAIN = fileURLToPath(new URL('./s3-server-main.mjs', import.meta.url));
const TIME_FACTOR = Number(process.env.TEST_TIME_FACTOR ?? 1) || 1;

/**
 * Starts the server; `directory` and `port` reuse an earlier server's data and address (a restart after an outage).
 * `detached`: nothing of the child is left on this process's event loop (the global setup stops it by pid).
 */
export async function startS3Server({ bucket = TEST_BUCKET, directory, port = 0, detached = false } = {}) {
  const dir = directory ?? mkdtempSync(join(tmpdir(), 's3-test-'));
  const child = spawn(process.execPath, ['--openssl-legacy-provider', MAIN, dir, bucket, String(port)], { stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const listening = await new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => fail(new Error('the S3 test server did not start in time')), 15_000 * TIME_FACTOR);
    const fail = (error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    };
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (!line) return;
      clearTimeout(timer);
      resolve(JSON.parse(line).port);
    });
    child.once('exit', (code) => fail(new Error(`the S3 test server exited (${code}): ${stderr}`)));
  });
  child.removeAllListeners('exit');
  const exited = new Promise((resolve) => child.once('exit', resolve));
  if (detached) {
    child.stdout.destroy();
    child.stderr.destroy();
    child.channel?.unref();
    child.unref();
  } else {
    child.stdout.resume();
  }
  const endpoint = `http://127.0.0.1:${listening}`;
  return {
    endpoint,
    bucket,
    port: listening,
    directory: dir,
    pid: child.pid,
    /** The settings the app reads (env) and the AppConfig `storage.s3` they give. */
    env: { S3_BUCKET: bucket, S3_REGION: 'us-east-1', S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: KEY, S3_SECRET_ACCESS_KEY: KEY, S3_FORCE_PATH_STYLE: 'true' },
    config: { bucket, region: 'us-east-1', endpoint, accessKeyId: KEY, secretAccessKey: KEY, forcePathStyle: true },
    /** Where s3rver keeps an object's bytes (its mtime is the object's LastModified). */
    objectFile: (key) => s3rverObjectFile(dir, bucket, key),
    /** Multipart uploads begun and neither completed nor aborted. */
    pendingUploads: () => pendingUploads(dir, bucket),
    /** Stops the server and removes its data, unless `keepData` (to start it again on the same folder). */
    stop: async ({ keepData = false } = {}) => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      if (!keepData) rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const s3rverObjectFile = (directory, bucket, key) => join(directory, bucket, `${key}._S3rver_object`);

export function pendingUploads(directory, bucket) {
  try {
    return readdirSync(join(directory, bucket, '._S3rver_uploads'));
  } catch {
    return [];
  }
}

/** Stops a server started detached, by its pid (the global teardown). */
export function stopS3ServerByPid(pid, directory) {
  try {
    process.kill(Number(pid), 'SIGTERM');
  } catch {
    // Already gone.
  }
  if (directory) rmSync(directory, { recursive: true, force: true });
}
