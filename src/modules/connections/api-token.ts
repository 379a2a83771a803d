import { createHash, randomBytes } from 'node:crypto';

export interface IssuedToken {
  token: string;
  hash: string;
  hint: string;
}

export const hashApiToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** 32 random bytes, base64url: shown once, stored only as a sha256 hash (high entropy needs no slow hash). */
export function issueApiToken(): IssuedToken {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashApiToken(token), hint: token.slice(-4) };
}
