import 'reflect-metadata';
import { bootstrap } from '../bootstrap.js';
import { loadConfig } from '../config/app-config.js';
import { EnvValidationError } from '../config/env.schema.js';

/** Starts the server against an already migrated database (`npm start` uses start.ts, which prepares it first). */
try {
  await bootstrap(loadConfig(process.env));
} catch (error) {
  console.error(error instanceof EnvValidationError ? error.message : error);
  process.exit(1);
}
