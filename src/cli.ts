// `npm run cli -- <command>`. The Node version is checked before anything that needs a newer one is loaded.
import { assertSupportedNode } from './node-version.js';

assertSupportedNode();
await import('./entry/cli.js');
