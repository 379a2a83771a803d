// `npm run pay -- <invoiceId | txid>`: the sandbox provider "receives" the Pix payment of a charge, through the dev endpoint.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

const USAGE = `Usage: npm run pay -- <invoiceId | txid> [--url URL] [--secret S]
  Pays the latest sandbox charge of an invoice (open its checkout first: PAGAR on /financeiro, or 'Pagar agora' on the
  login of an expired company), or the charge with that txid. The payment goes through the same signed webhook path
  as a real provider's: the invoice is paid, the due date moves, and the checkout shows 'Sua licença foi renovada'.
  --url (default http://localhost:8080); the simulator secret in the data directory (DATA_DIR, default ./data) unless --secret.`;

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { url: { type: 'string', default: `http://localhost:${process.env.PORT ?? 8080}` }, secret: { type: 'string' } },
  });
  const target = positionals[0];
  if (!target) throw new Error(USAGE);
  const secret = values.secret ?? (await readFile(resolve(process.env.DATA_DIR ?? './data', 'simulator-secret'), 'utf8').catch(() => '')).trim();
  if (!secret) throw new Error(`No simulator secret found.\n${USAGE}`);
  const body = /^\d+$/.test(target) ? { invoiceId: Number(target) } : { txid: target };
  const res = await fetch(`${values.url}/api/dev/payments/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-simulator-secret': secret },
    body: JSON.stringify(body),
  });
  const answer = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${res.status} ${String(answer.error ?? '')} ${String(answer.message ?? '')}`);
  console.log(`charge ${String(answer.txid)}: ${String(answer.outcome)} (transaction ${String(answer.endToEndId)})`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
