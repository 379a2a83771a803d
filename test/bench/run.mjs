// `npm run bench` (API hot paths), `npm run bench -- inbound` (the inbound pipeline), `npm run bench -- cloud-inbound` (Cloud API webhooks → stored → socket), `npm run bench -- bot` (the bot), `npm run bench -- crash` (kill -9 and recovery), `npm run bench -- faults` (campaigns and an import under kill -9 and a Redis loss) or `npm run bench -- upload-memory` (server memory under ten 90 MB uploads) or `npm run bench -- events` (the cost of a domain event), `npm run bench -- campaign` (the campaign walk) or `npm run bench -- import` (a 50,000-row spreadsheet import and the API's latency meanwhile), `npm run bench -- first-load` (what /login and /tickets download), `npm run bench -- ticket-switch` (click to conversation shown), `npm run bench -- dashboard` (the inbound bench scraped every 500 ms, plotted into a PNG) or `npm run bench -- tickets` (lists, search and message pages on 100,000 tickets and 1,000,000 messages; BENCH_SCALE=0.1 for a quick run). Needs `npm run build`.
const which = process.argv[2] ?? 'api';
const benches = {
  api: './api.mjs',
  inbound: './inbound.mjs',
  'cloud-inbound': './cloud-inbound.mjs',
  bot: './bot.mjs',
  crash: './crash.mjs',
  faults: './faults.mjs',
  'upload-memory': './upload-memory.mjs',
  events: './events.mjs',
  campaign: './campaign.mjs',
  import: './contact-import.mjs',
  'first-load': './first-load.mjs',
  tickets: './tickets.mjs',
  'ticket-switch': './ticket-switch.mjs',
  dashboard: './dashboard.mjs',
};
if (!benches[which]) {
  console.error(`Unknown benchmark ${which}; choose one of ${Object.keys(benches).join(', ')}`);
  process.exit(1);
}
await import(benches[which]);
