import { Box, type Theme, useMediaQuery } from '@mui/material';
import { useState } from 'react';
import { CreateButton, DataTable, List, TopToolbar, useTranslate } from 'react-admin';
import { PageHeader } from '../../components/PageHeader';
import { useAccess } from '../../hooks/useAccess';
import { useDialogRoute } from '../../hooks/useDialogRoute';
import { ConnectionDialog } from './ConnectionDialog';
import { ConnectionStatusIcon } from './ConnectionStatusIcon';
import { ConnectionActions, ConnectionName, DefaultTick, LastUpdate } from './connectionColumns';
import { LiveQrCodeDialog } from './LiveQrCodeDialog';
import { type Confirming, SessionConfirm } from './SessionConfirm';
import { SessionButtons } from './SessionButtons';
import { TokenDialog } from './TokenDialog';
import type { Connection } from './types';
import { useLiveConnections } from './useLiveConnections';

/** GET /whatsapp answers every connection at once, ordered by name. */
const WHOLE_LIST = 1000;
const Column = DataTable.Col<Connection>;
/** On a phone the three columns fit with half the cell padding. */
// A phone's cells: slim gutters, and the linked number may break so the name column never pushes the actions off screen.
const NARROW_CELLS = { '& .MuiTableCell-root': { px: 0.75 }, '& [data-connection-id] .MuiTypography-caption': { overflowWrap: 'anywhere' } };

/**
 * /connections: react-admin's list of the company's connections, live (socket → cache), with their session buttons,
 * the QR dialog, the add and edit dialogs on /connections/create and /connections/{id}, and the token shown once.
 * The add button, the session column and the actions column each follow their permission rule (administration §6).
 */
export function ConnectionList() {
  const access = useAccess();
  const canAdd = access?.can('connections-page:addConnection') ?? false;
  const showSession = access?.can('connections-page:actionButtons') ?? false;
  const showActions = access?.can('connections-page:editOrDeleteConnection') ?? false;
  // Phones keep the name (with the status and the default tick beside it) and what can be done.
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('sm'));
  useLiveConnections();
  const { creating, editId } = useDialogRoute('/connections');
  const [qrFor, setQrFor] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [shownToken, setShownToken] = useState<{ name: string; token: string } | null>(null);

  const saved = (connection: Connection & { token?: string }) => {
    if (connection.token) setShownToken({ name: connection.name, token: connection.token });
  };

  return (
    <>
      <PageHeader title="connections.title" />
      <List<Connection>
        resource="connections"
        title="connections.title"
        perPage={WHOLE_LIST}
        pagination={false}
        exporter={false}
        // The dialogs are routes of their own (/connections/create, /connections/{id}).
        disableSyncWithLocation
        actions={<TopToolbar>{canAdd && <CreateButton label="connections.add" variant="contained" />}</TopToolbar>}
        empty={false}
      >
        <DataTable<Connection> rowClick={false} bulkActionButtons={false} empty={<ConnectionsEmpty />} sx={wide ? undefined : NARROW_CELLS}>
          <Column
            source="name"
            label="connections.columns.name"
            disableSort
            render={(connection) => <ConnectionName connection={connection} compact={!wide} />}
          />
          {wide && (
            <Column
              source="status"
              label="connections.columns.status"
              align="center"
              disableSort
              render={(connection) => <ConnectionStatusIcon connection={connection} />}
            />
          )}
          {showSession && (
            <Column
              label="connections.columns.session"
              align="center"
              render={(connection) => (
                <SessionButtons
                  connection={connection}
                  onShowQr={() => setQrFor(connection.id)}
                  onDisconnect={() => setConfirming({ kind: 'disconnect', connection })}
                />
              )}
            />
          )}
          {wide && (
            <Column
              source="updatedAt"
              label="connections.columns.lastUpdate"
              align="center"
              disableSort
              render={(connection) => <LastUpdate iso={connection.updatedAt} />}
            />
          )}
          {wide && (
            <Column
              source="isDefault"
              label="connections.columns.default"
              align="center"
              disableSort
              render={(connection) => <DefaultTick connection={connection} />}
            />
          )}
          {showActions && (
            <Column
              label="connections.columns.actions"
              align="center"
              render={(connection) => <ConnectionActions connection={connection} onToken={() => setConfirming({ kind: 'token', connection })} />}
            />
          )}
        </DataTable>
        <LiveQrCodeDialog id={qrFor} onClose={() => setQrFor(null)} />
      </List>
      {creating && canAdd && <ConnectionDialog onSaved={saved} />}
      {editId !== undefined && showActions && <ConnectionDialog key={editId} id={editId} onSaved={saved} />}
      <SessionConfirm confirming={confirming} onClose={() => setConfirming(null)} onToken={setShownToken} />
      {shownToken && <TokenDialog {...shownToken} onClose={() => setShownToken(null)} />}
    </>
  );
}

function ConnectionsEmpty() {
  const translate = useTranslate();
  return <Box sx={{ p: 3, textAlign: 'center', color: 'text.secondary' }}>{translate('connections.empty')}</Box>;
}
