import Add from '@mui/icons-material/Add';
import { Box, Button, Paper } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { useAccess } from '../../hooks/useAccess';
import { useNotifyError } from '../../hooks/useNotifyError';
import { api } from '../../providers/httpClient';
import { ConnectionDialog } from './ConnectionDialog';
import { ConnectionTable } from './ConnectionTable';
import { QrCodeDialog } from './QrCodeDialog';
import { TokenDialog } from './TokenDialog';
import type { Connection } from './types';
import { useConnections } from './useConnections';

type Confirming = { kind: 'disconnect' | 'delete' | 'token'; connection: Connection } | null;

/** /connections: the company's connections, their sessions and their settings, kept live. */
export function ConnectionsPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const access = useAccess();
  const list = useConnections();
  const [editing, setEditing] = useState<{ connectionId?: number } | null>(null);
  const [qrFor, setQrFor] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [shownToken, setShownToken] = useState<{ name: string; token: string } | null>(null);
  const qrConnection = list.connections.find((connection) => connection.id === qrFor);

  const saved = (connection: Connection & { token?: string }) => {
    const { token, ...rest } = connection;
    list.upsert(rest);
    if (token) setShownToken({ name: connection.name, token });
  };

  const confirmed = async ({ kind, connection }: NonNullable<Confirming>) => {
    try {
      if (kind === 'disconnect') {
        await api.delete(`/whatsappsession/${connection.id}`);
      } else if (kind === 'delete') {
        await api.delete(`/whatsapp/${connection.id}`);
        list.remove(connection.id);
        notify('connections.deleted', { type: 'success' });
      } else {
        const { token } = await api.post<{ token: string }>(`/whatsapp/${connection.id}/token`);
        setShownToken({ name: connection.name, token });
      }
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Box>
      <PageHeader title="connections.title">
        {access?.can('connections-page:addConnection') && (
          <Button variant="contained" startIcon={<Add />} onClick={() => setEditing({})}>
            {translate('connections.add')}
          </Button>
        )}
      </PageHeader>
      <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
        <ConnectionTable
          connections={list.connections}
          loading={list.loading}
          showSession={access?.can('connections-page:actionButtons') ?? false}
          showActions={access?.can('connections-page:editOrDeleteConnection') ?? false}
          onShowQr={(connection) => setQrFor(connection.id)}
          onDisconnect={(connection) => setConfirming({ kind: 'disconnect', connection })}
          onEdit={(connection) => setEditing({ connectionId: connection.id })}
          onToken={(connection) => setConfirming({ kind: 'token', connection })}
          onDelete={(connection) => setConfirming({ kind: 'delete', connection })}
        />
      </Paper>
      {editing && <ConnectionDialog connectionId={editing.connectionId} onClose={() => setEditing(null)} onSaved={saved} />}
      {qrConnection && <QrCodeDialog connection={qrConnection} onClose={() => setQrFor(null)} />}
      {shownToken && <TokenDialog {...shownToken} onClose={() => setShownToken(null)} />}
      <ConfirmDialog
        open={confirming !== null}
        title={confirming && translate(`connections.confirm.${confirming.kind}Title`, { name: confirming.connection.name })}
        onClose={() => setConfirming(null)}
        onConfirm={() => confirming && confirmed(confirming)}
      >
        {confirming && translate(`connections.confirm.${confirming.kind}Message`)}
      </ConfirmDialog>
    </Box>
  );
}
