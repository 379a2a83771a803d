import { companyOfTxid, newTxid, TXID_LENGTH } from './charge-txid.js';

describe('charge txid', () => {
  it('is 25 letters and digits that name the company', () => {
    for (const companyId of [1, 42, 2_147_483_647]) {
      const txid = newTxid(companyId);
      expect(txid).toMatch(/^[A-Za-z0-9]{25}$/);
      expect(txid).toHaveLength(TXID_LENGTH);
      expect(companyOfTxid(txid)).toBe(companyId);
    }
    expect(new Set(Array.from({ length: 50 }, () => newTxid(7))).size).toBe(50);
  });

  it('names no company for a txid this server did not issue', () => {
    for (const txid of ['', '***', 'x123', '0x1234', 'abc', '12', '99999999999xAbc', `1x${'a'.repeat(30)}`, '12x-ab']) expect(companyOfTxid(txid)).toBeNull();
  });
});
