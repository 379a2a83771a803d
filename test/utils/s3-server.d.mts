import type { S3Config } from '../../src/config/app-config.js';

export declare const TEST_BUCKET: string;

export interface S3TestServer {
  endpoint: string;
  bucket: string;
  port: number;
  directory: string;
  pid: number;
  env: Record<'S3_BUCKET' | 'S3_REGION' | 'S3_ENDPOINT' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE', string>;
  config: S3Config;
  objectFile(key: string): string;
  pendingUploads(): string[];
  stop(options?: { keepData?: boolean }): Promise<void>;
}

export declare function startS3Server(options?: { bucket?: string; directory?: string; port?: number; detached?: boolean }): Promise<S3TestServer>;
export declare function s3rverObjectFile(directory: string, bucket: string, key: string): string;
export declare function pendingUploads(directory: string, bucket: string): string[];
export declare function stopS3ServerByPid(pid: string | number, directory?: string): void;
