// `npm run pay -- <invoiceId | txid>`: the sandbox provider "receives" the Pix payment of a charge, through the dev endpoint.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { findServer, serverCandidates, URL_HELP } from '../config/server-address.js';

const USAGE = `Usage: npm run pay -- <invoiceId | txid> [--url URL] [--secret S]
  Pays the latest sandbox charge of an invoice (open its checkout first: PAGAR on /financeiro, or 'Pagar agora' on the
  login of an expired company), or the charge with that txid. The payment goes through the same signed webhook path
  as a real provider's: the invoice is paid, the due date moves, and the checkout shows 'Sua licença foi renovada'.
  ${URL_HELP}
  --secret S  the simulator secret (default: the one in the data directory, DATA_DIR, default ./data)
  --help      this text`;

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { url: { type: 'string' }, secret: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const target = positionals[0];
  if (!target) throw new Error(USAGE);
  const secret = values.secret ?? (await readFile(resolve(process.env.DATA_DIR ?? './data', 'simulator-secret'), 'utf8').catch(() => '')).trim();
  if (!secret) throw new Error(`No simulator secret found.\n${USAGE}`);
  const body = /^\d+$/.test(target) ? { invoiceId: Number(target) } : { txid: target };
  const url = await findServer(serverCandidates({ url: values.url, env: process.env }));
  const res = await fetch(`${url}/api/dev/payments/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-simulator-secret': secret },
    body: JSON.stringify(body),
  });
  const answer = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${url}: ${res.status} ${String(answer.error ?? '')} ${String(answer.message ?? '')}`);
  console.log(`charge ${String(answer.txid)}: ${String(answer.outcome)} (transaction ${String(answer.endToEndId)})`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
