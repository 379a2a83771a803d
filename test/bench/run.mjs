// `npm run bench` (API hot paths), `npm run bench -- inbound` (the inbound pipeline) or `npm run bench -- bot` (the bot). Needs `npm run build`.
const which = process.argv[2] ?? 'api';
const benches = { api: './api.mjs', inbound: './inbound.mjs', bot: './bot.mjs' };
if (!benches[which]) {
  console.error(`Unknown benchmark ${which}; choose one of ${Object.keys(benches).join(', ')}`);
  process.exit(1);
}
await import(benches[which]);
