import pixUtils from 'pix-utils';

const { createStaticPix, hasError, parsePix } = pixUtils;

export interface StaticBrCodeInput {
  pixKey: string;
  merchantName: string;
  merchantCity: string;
  /** Reais with two decimals. */
  amount: string;
  /** Up to 25 characters [A-Za-z0-9] (field 62-05). */
  txid: string;
  description?: string;
}

export interface BrCode {
  /** The "copia e cola" text: EMV MPM fields (payload format, merchant account with the Pix key, amount, txid) + CRC16. */
  payload: string;
  /** The same text as a QR image (PNG data URL). */
  image: () => Promise<string>;
}

/** A BR Code for a Pix payment of an exact amount to the receiving key, built by pix-utils (it computes the CRC16-CCITT). */
export function staticBrCode(input: StaticBrCodeInput): BrCode {
  const pix = createStaticPix({
    merchantName: input.merchantName,
    merchantCity: input.merchantCity,
    pixKey: input.pixKey,
    txid: input.txid,
    transactionAmount: Number(input.amount),
    ...(input.description ? { infoAdicional: input.description.slice(0, 40) } : {}),
  });
  if (hasError(pix)) throw new Error(`BR Code not built: ${pix.message}`);
  return { payload: pix.toBRCode(), image: () => pix.toImage() };
}

/** The fields of a BR Code, or null when it is malformed or its CRC does not match. */
export function readBrCode(payload: string): { pixKey?: string; amount: number; txid?: string; merchantName: string; merchantCity: string } | null {
  const parsed = parsePix(payload);
  if (hasError(parsed) || parsed.type !== 'STATIC') return null;
  return {
    pixKey: parsed.pixKey,
    amount: parsed.transactionAmount ?? 0,
    txid: parsed.txid,
    merchantName: parsed.merchantName,
    merchantCity: parsed.merchantCity,
  };
}
