import { useGetList } from 'react-admin';
import type { MessageTemplateResponse } from '../../../src/shared/api-types';

const WHOLE = { pagination: { page: 1, perPage: 500 }, sort: { field: 'name', order: 'ASC' as const } };

/** The company's connections with their provider (the connections resource answers it). */
interface ConnectionRow {
  id: number;
  name: string;
  provider?: string;
}

/**
 * Whether the chosen connection is a WhatsApp Cloud API connection, which sends only approved templates outside a
 * conversation; and its approved templates then (the admins' template list: campaigns are an admin tool).
 */
export function useCloudTemplates(whatsappId: number | string | null | undefined) {
  const connections = useGetList<ConnectionRow>('connections', WHOLE, { retry: false, staleTime: 30_000 });
  const id = whatsappId === '' || whatsappId === null || whatsappId === undefined ? null : Number(whatsappId);
  const connection = (connections.data ?? []).find((row) => row.id === id);
  const cloud = connection?.provider === 'cloud';
  const templates = useGetList<MessageTemplateResponse>(
    'message-templates',
    { ...WHOLE, filter: { whatsappId: connection?.id ?? 0, status: 'APPROVED' } },
    { enabled: cloud, retry: false, staleTime: 30_000 },
  );
  return { cloud, templates: cloud ? (templates.data ?? []) : [], loading: cloud && templates.isPending };
}
