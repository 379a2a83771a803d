import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useDiscardGuard } from '../../components/DiscardChangesGuard';
import type { CampaignVariable } from '../../../../src/shared/campaigns';
import { variableKeyProblem } from './settingsForm';

interface AddVariableDialogProps {
  onClose(): void;
  /** Adds the variable; resolves once the API answered. */
  onAdd(variable: CampaignVariable): Promise<void>;
}

/** The shortcut of campaigns §2: a key and a value, added at once (ignored when the key exists); a typed one is not lost to Escape. */
export function AddVariableDialog({ onClose, onAdd }: AddVariableDialogProps) {
  const translate = useTranslate();
  const [key, setKey] = useState('');
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const guard = useDiscardGuard(onClose);
  const { setDirty } = guard;
  const changed = key !== '' || value !== '';
  useEffect(() => setDirty(changed), [changed, setDirty]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = key.trim();
    const found = variableKeyProblem(trimmed);
    setProblem(found);
    if (found) return;
    setBusy(true);
    try {
      await onAdd({ key: trimmed, value });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Dialog open onClose={guard.onDialogClose} fullWidth maxWidth="xs" aria-labelledby="add-variable-title">
        <form onSubmit={(event) => void submit(event)} noValidate>
          <DialogTitle id="add-variable-title">{translate('campaignsConfig.variables.addTitle')}</DialogTitle>
          <DialogContent dividers sx={{ display: 'grid', gap: 2 }}>
            <TextField
              id="variable-key"
              label={translate('campaignsConfig.variables.key')}
              value={key}
              onChange={(event) => {
                setKey(event.target.value);
                setProblem(null);
              }}
              error={Boolean(problem)}
              helperText={translate(problem ?? 'campaignsConfig.variables.keyHelp')}
              autoFocus
              autoComplete="off"
              size="small"
            />
            <TextField
              id="variable-value"
              label={translate('campaignsConfig.variables.value')}
              value={value}
              onChange={(event) => setValue(event.target.value)}
              multiline
              maxRows={4}
              size="small"
            />
          </DialogContent>
          <DialogActions sx={{ px: 3, py: 2 }}>
            <Button onClick={onClose}>{translate('common.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={busy}>
              {translate('campaignsConfig.variables.add')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      {guard.confirmation}
    </>
  );
}
