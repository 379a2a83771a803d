// `npm run bench` (API hot paths) or `npm run bench -- inbound` (the inbound pipeline). Needs `npm run build`.
const which = process.argv[2] ?? 'api';
const benches = { api: './api.mjs', inbound: './inbound.mjs' };
if (!benches[which]) {
  console.error(`Unknown benchmark ${which}; choose one of ${Object.keys(benches).join(', ')}`);
  process.exit(1);
}
await import(benches[which]);
