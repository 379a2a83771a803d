// `npm run pay -- <invoiceId | txid>`: pays a sandbox Pix charge. The Node version is checked before anything that needs a newer one is loaded.
import { assertSupportedNode } from './node-version.js';

assertSupportedNode();
await import('./entry/pay.js');
