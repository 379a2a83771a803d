import { createHash, createPrivateKey, type KeyObject, sign } from 'node:crypto';
import { isObject, parseJson } from './http.js';

/** The fields of a Google service-account JSON key that the token exchange needs. */
export interface ServiceAccount {
  clientEmail: string;
  privateKey: KeyObject;
  privateKeyId: string | null;
  tokenUri: string;
  projectId: string | null;
  /** Identifies the key for the token cache without keeping the JSON around as a map key. */
  fingerprint: string;
}

const DEFAULT_TOKEN_URI = 'https://oauth2.googleapis.com/token';
export const DIALOGFLOW_SCOPE = 'https://www.googleapis.com/auth/cloud-platform https://www.googleapis.com/auth/dialogflow';

export class InvalidServiceAccountError extends Error {}

/** Reads and checks a service-account JSON: client_email and a loadable private_key are required. */
export function parseServiceAccount(jsonContent: string): ServiceAccount {
  const json = parseJson(jsonContent);
  if (!isObject(json)) throw new InvalidServiceAccountError('The Dialogflow credentials are not a JSON object');
  const { client_email: clientEmail, private_key: pem, private_key_id: keyId, token_uri: tokenUri, project_id: projectId } = json;
  if (typeof clientEmail !== 'string' || !clientEmail.includes('@')) throw new InvalidServiceAccountError('The Dialogflow credentials have no client_email');
  if (typeof pem !== 'string' || !pem.includes('PRIVATE KEY')) throw new InvalidServiceAccountError('The Dialogflow credentials have no private_key');
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(pem);
  } catch {
    throw new InvalidServiceAccountError('The private_key of the Dialogflow credentials cannot be read');
  }
  if (privateKey.asymmetricKeyType !== 'rsa') throw new InvalidServiceAccountError('The private_key of the Dialogflow credentials is not an RSA key');
  if (tokenUri !== undefined && (typeof tokenUri !== 'string' || !/^https?:\/\//.test(tokenUri))) {
    throw new InvalidServiceAccountError('The token_uri of the Dialogflow credentials is not an http(s) URL');
  }
  return {
    clientEmail,
    privateKey,
    privateKeyId: typeof keyId === 'string' ? keyId : null,
    tokenUri: typeof tokenUri === 'string' ? tokenUri : DEFAULT_TOKEN_URI,
    projectId: typeof projectId === 'string' && projectId ? projectId : null,
    fingerprint: createHash('sha256')
      .update(`${clientEmail}\n${tokenUri ?? ''}\n${pem}`)
      .digest('hex'),
  };
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** The signed assertion of the OAuth 2.0 JWT-bearer grant (RFC 7523), valid for one hour. */
export function signAssertion(account: ServiceAccount, nowSeconds = Math.floor(Date.now() / 1000)): string {
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', ...(account.privateKeyId ? { kid: account.privateKeyId } : {}) }));
  const claims = base64url(
    JSON.stringify({ iss: account.clientEmail, scope: DIALOGFLOW_SCOPE, aud: account.tokenUri, iat: nowSeconds, exp: nowSeconds + 3600 }),
  );
  const signature = sign('sha256', Buffer.from(`${header}.${claims}`), account.privateKey);
  return `${header}.${claims}.${base64url(signature)}`;
}
