import { Box, DialogContent } from '@mui/material';
import { useState } from 'react';
import { ResourceFormDialog } from '../../components/ResourceFormDialog';
import { ConnectionGeneralInputs } from './ConnectionGeneralInputs';
import { ConnectionMessageInputs } from './ConnectionMessageInputs';
import { ConnectionQueueInputs } from './ConnectionQueueInputs';
import { CONNECTION_TABS, ConnectionTabs } from './ConnectionTabs';
import { NEW_CONNECTION, toFormValues, toPayload } from './connectionForm';
import type { Connection, ConnectionFormValues } from './types';

interface ConnectionDialogProps {
  /** The connection to edit; without it the dialog adds one. */
  id?: number;
  /** After a save; a new connection carries its external-API token, shown once. */
  onSaved(connection: Connection & { token?: string }): void;
}

/**
 * Add (`/connections/create`) or edit (`/connections/{id}`) a connection: its name, default flag and provider stay in
 * view above two tabs, the queues and chatbot settings and the automatic messages.
 */
export function ConnectionDialog({ id, onSaved }: ConnectionDialogProps) {
  const [tab, setTab] = useState(0);
  const header = (
    <>
      <DialogContent sx={{ pb: 0, flex: '0 0 auto', overflow: 'visible' }}>
        <ConnectionGeneralInputs isNew={id === undefined} connectionId={id} />
      </DialogContent>
      <ConnectionTabs tab={tab} onChange={setTab} />
    </>
  );
  return (
    <ResourceFormDialog<Connection, ConnectionFormValues>
      resource="connections"
      listPath="/connections"
      id={id}
      empty={NEW_CONNECTION}
      toFormValues={toFormValues}
      transform={toPayload}
      maxWidth="md"
      header={header}
      updatedMessage="connections.updated"
      onSaved={onSaved}
    >
      {/* Both panels stay mounted so their fields keep their values. */}
      {CONNECTION_TABS.map((name, index) => (
        <Box key={name} hidden={tab !== index} role="tabpanel" aria-labelledby={`connection-tab-${name}`} sx={{ minHeight: 360 }}>
          {name === 'queues' ? <ConnectionQueueInputs /> : <ConnectionMessageInputs />}
        </Box>
      ))}
    </ResourceFormDialog>
  );
}
