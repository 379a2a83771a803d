// The process behind test/utils/s3-server.mjs: s3rver on 127.0.0.1, one bucket, data in the given folder. Prints
// `{"port":N}` once listening and closes on SIGTERM, or when the process that started it is gone. Run with --openssl-legacy-provider: s3rver seals ListObjectsV2
// continuation tokens with DES, which Node's OpenSSL 3 only offers through the legacy provider.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import S3rver from 's3rver';

const [directory, bucket, port] = process.argv.slice(2);
const server = new S3rver({ address: '127.0.0.1', port: Number(port), directory, silent: true, configureBuckets: [{ name: bucket }] });

// s3rver answers AbortMultipartUpload (DELETE ?uploadId=) with 405: drop the upload's parts as S3 does.
server.middleware.unshift(async (ctx, next) => {
  const uploadId = ctx.query.uploadId;
  if (ctx.method !== 'DELETE' || typeof uploadId !== 'string' || !/^[a-f0-9]{32}$/.test(uploadId)) return next();
  const uploads = join(directory, ctx.path.split('/')[1] ?? '', '._S3rver_uploads');
  await rm(join(uploads, uploadId), { recursive: true, force: true });
  ctx.status = 204;
});

const address = await server.run();
process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);
const stop = () => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGTERM', stop);
process.once('disconnect', stop);
