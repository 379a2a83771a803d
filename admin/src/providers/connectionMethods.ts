import type { httpClient as HttpClient } from './httpClient';

/** What "Testar conexão" answers: the number as Meta knows it. */
export interface CloudConnectionCheck {
  displayPhoneNumber: string;
  verifiedName: string;
  qualityRating: string;
  codeVerificationStatus: string | null;
}

/** The non-CRUD calls of the connections screen (administration §8), as named dataProvider methods. */
export interface ConnectionMethods {
  /** GET /whatsapp/providers: the providers this server runs (the simulator only outside production). */
  connectionProviders(): Promise<string[]>;
  /** POST /whatsappsession/{id}: try the session again. */
  startConnectionSession(id: number): Promise<void>;
  /** PUT /whatsappsession/{id}: drop the linked device and ask for a new QR code. */
  newConnectionQrCode(id: number): Promise<void>;
  /** DELETE /whatsappsession/{id}: disconnect. */
  disconnectConnectionSession(id: number): Promise<void>;
  /** POST /whatsapp/{id}/token: a new external-API token, answered this one time. */
  regenerateConnectionToken(id: number): Promise<{ token: string }>;
  /** POST /whatsapp/{id}/cloud/test: reads a Cloud API connection's number with its stored credentials. */
  testCloudConnection(id: number): Promise<CloudConnectionCheck>;
}

export function connectionMethods(httpClient: typeof HttpClient, apiUrl: string): ConnectionMethods {
  const session = async (id: number, method: 'POST' | 'PUT' | 'DELETE') => {
    await httpClient(`${apiUrl}/whatsappsession/${encodeURIComponent(id)}`, { method });
  };
  return {
    async connectionProviders() {
      const { json } = await httpClient<unknown>(`${apiUrl}/whatsapp/providers`);
      return Array.isArray(json) ? json.filter((provider): provider is string => typeof provider === 'string') : [];
    },
    startConnectionSession: (id) => session(id, 'POST'),
    newConnectionQrCode: (id) => session(id, 'PUT'),
    disconnectConnectionSession: (id) => session(id, 'DELETE'),
    async regenerateConnectionToken(id) {
      const { json } = await httpClient<{ token: string }>(`${apiUrl}/whatsapp/${encodeURIComponent(id)}/token`, { method: 'POST' });
      return { token: json.token };
    },
    async testCloudConnection(id) {
      const { json } = await httpClient<CloudConnectionCheck>(`${apiUrl}/whatsapp/${encodeURIComponent(id)}/cloud/test`, { method: 'POST' });
      return json;
    },
  };
}
