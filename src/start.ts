// `npm start` and `npm run start:prod`: prepare the database, then serve. The Node version is checked before anything that needs a newer one is loaded.
import { assertSupportedNode } from './node-version.js';

assertSupportedNode();
await import('./entry/start.js');
