// `npm run simulate -- <kind> ...`: customer traffic for a simulated connection. The Node version is checked before anything that needs a newer one is loaded.
import { assertSupportedNode } from './node-version.js';

assertSupportedNode();
await import('./entry/simulate.js');
