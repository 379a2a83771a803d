// serve an already migrated database (the Docker image and the tests' child processes). The Node version is checked before anything that needs a newer one is loaded.
import { assertSupportedNode } from './node-version.js';

assertSupportedNode();
await import('./entry/main.js');
