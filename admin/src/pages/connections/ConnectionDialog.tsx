import { Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { Form, useNotify, useTranslate } from 'react-admin';
import { SCROLLING_FORM } from '../../components/dialogForm';
import { SubmitButton } from '../../components/SubmitButton';
import { useNotifyError } from '../../hooks/useNotifyError';
import { api, ApiError, type ApiErrorBody } from '../../providers/httpClient';
import { fieldErrors } from '../../components/formErrors';
import { ConnectionGeneralInputs } from './ConnectionGeneralInputs';
import { ConnectionMessageInputs } from './ConnectionMessageInputs';
import { ConnectionQueueInputs } from './ConnectionQueueInputs';
import { CONNECTION_TABS, ConnectionTabs } from './ConnectionTabs';
import { NEW_CONNECTION, toFormValues, toPayload } from './connectionForm';
import type { Connection, ConnectionFormValues } from './types';
import { useConnectionOptions } from './useConnectionOptions';

interface ConnectionDialogProps {
  /** The connection to edit; without it the dialog adds one. */
  connectionId?: number;
  onClose(): void;
  /** After a save; a new connection carries its external-API token, shown once. */
  onSaved(connection: Connection & { token?: string }): void;
}

/** Add or edit a connection (GET/POST/PUT /whatsapp). */
export function ConnectionDialog({ connectionId, onClose, onSaved }: ConnectionDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const isNew = connectionId === undefined;
  const options = useConnectionOptions();
  const [tab, setTab] = useState(0);
  const [loaded, setLoaded] = useState<Connection | undefined>();
  const failedToLoad = useEffectEvent((error: unknown) => {
    notifyError(error);
    onClose();
  });

  useEffect(() => {
    if (isNew) return;
    api.get<Connection>(`/whatsapp/${connectionId}`).then(setLoaded).catch(failedToLoad);
  }, [isNew, connectionId]);

  const values = useMemo<ConnectionFormValues | undefined>(() => (isNew ? NEW_CONNECTION : loaded && toFormValues(loaded)), [isNew, loaded]);
  // An existing connection keeps its provider even where the server no longer offers it.
  const providers = loaded && !options.providers.includes(loaded.provider) ? [...options.providers, loaded.provider] : options.providers;

  const submit = async (form: Record<string, unknown>) => {
    const payload = toPayload(form as unknown as ConnectionFormValues);
    try {
      const saved = isNew
        ? await api.post<Connection & { token?: string }>('/whatsapp', payload)
        : await api.put<Connection>(`/whatsapp/${connectionId}`, payload);
      notify(isNew ? 'connections.saved' : 'connections.updated', { type: 'success' });
      onSaved(saved);
      onClose();
    } catch (error) {
      const fields = error instanceof ApiError ? (error.body as ApiErrorBody | undefined)?.fields : undefined;
      if (fields?.length) return fieldErrors(fields);
      notifyError(error);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" sx={SCROLLING_FORM} aria-labelledby="connection-dialog-title">
      <DialogTitle id="connection-dialog-title">{translate(isNew ? 'connections.form.addTitle' : 'connections.form.editTitle')}</DialogTitle>
      {values && options.loaded ? (
        <Form record={values} onSubmit={submit} noValidate>
          <DialogContent sx={{ pb: 0, flex: '0 0 auto', overflow: 'visible' }}>
            <ConnectionGeneralInputs providers={providers} tokenHint={loaded?.tokenHint} isNew={isNew} />
          </DialogContent>
          <ConnectionTabs tab={tab} onChange={setTab} />
          <DialogContent sx={{ minHeight: 360 }}>
            {/* Both panels stay mounted so their fields keep their values. */}
            {CONNECTION_TABS.map((name, index) => (
              <Box key={name} hidden={tab !== index} role="tabpanel" aria-labelledby={`connection-tab-${name}`}>
                {name === 'queues' ? <ConnectionQueueInputs queues={options.queues} prompts={options.prompts} /> : <ConnectionMessageInputs />}
              </Box>
            ))}
          </DialogContent>
          <DialogActions sx={{ px: 3, py: 2, borderTop: 1, borderColor: 'divider' }}>
            <Button onClick={onClose}>{translate('common.cancel')}</Button>
            <SubmitButton label={isNew ? 'connections.form.add' : 'connections.form.save'} fullWidth={false} />
          </DialogActions>
        </Form>
      ) : (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
          <CircularProgress />
        </Box>
      )}
    </Dialog>
  );
}
