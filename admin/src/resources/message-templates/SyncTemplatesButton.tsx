import SyncOutlined from '@mui/icons-material/SyncOutlined';
import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import { useNotifyError } from '../../hooks/useNotifyError';
import { useAppDataProvider } from '../../providers/dataProvider';
import type { TemplateConnection } from './types';

/** "Sincronizar": reads the chosen Cloud API connection's templates from Meta again, then shows the list as it is. */
export function SyncTemplatesButton({ connections }: { connections: TemplateConnection[] }) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<number | ''>('');
  const [busy, setBusy] = useState(false);

  const start = () => {
    setChosen(connections.length === 1 ? connections[0]!.id : '');
    setOpen(true);
  };

  const sync = async () => {
    if (chosen === '' || busy) return;
    setBusy(true);
    try {
      const answer = await dataProvider.syncTemplates(chosen);
      notify('messageTemplates.synced', { type: 'success', messageArgs: { total: answer.total, removed: answer.removed } });
      setOpen(false);
      refresh();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button variant="contained" startIcon={<SyncOutlined />} onClick={start}>
        {translate('messageTemplates.sync')}
      </Button>
      <Dialog open={open} onClose={() => !busy && setOpen(false)} fullWidth maxWidth="xs">
        <DialogTitle>{translate('messageTemplates.syncTitle')}</DialogTitle>
        <DialogContent>
          {connections.length ? (
            <TextField
              select
              fullWidth
              sx={{ mt: 1 }}
              label={translate('messageTemplates.syncConnection')}
              value={chosen}
              onChange={(event) => setChosen(Number(event.target.value))}
            >
              {connections.map((connection) => (
                <MenuItem key={connection.id} value={connection.id}>
                  {connection.name}
                </MenuItem>
              ))}
            </TextField>
          ) : (
            <Typography color="text.secondary">{translate('messageTemplates.noCloudConnection')}</Typography>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={busy}>
            {translate('messageTemplates.cancel')}
          </Button>
          <Button variant="contained" onClick={sync} disabled={chosen === '' || busy} startIcon={busy ? <CircularProgress size={16} /> : <SyncOutlined />}>
            {translate('messageTemplates.sync')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
