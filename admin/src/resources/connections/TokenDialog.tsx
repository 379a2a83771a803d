import Check from '@mui/icons-material/Check';
import ContentCopy from '@mui/icons-material/ContentCopy';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, TextField, Tooltip, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';

const COPIED_FEEDBACK_MS = 1000;

/** Copies text, falling back to a selected field where the Clipboard API is unavailable (plain http). */
async function copyText(text: string, field: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    field?.select();
    return document.execCommand?.('copy') ?? false;
  }
}

/** Shows a connection's new external-API token once, with a copy button. */
export function TokenDialog({ name, token, onClose }: { name: string; token: string; onClose(): void }) {
  const translate = useTranslate();
  const fieldRef = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => setCopied(await copyText(token, fieldRef.current));

  return (
    <Dialog open onClose={onClose} aria-labelledby="token-dialog-title" maxWidth="sm" fullWidth>
      <DialogTitle id="token-dialog-title">{translate('connections.token.title', { name })}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {translate('connections.token.description')}
        </Typography>
        <TextField
          value={token}
          inputRef={fieldRef}
          label={translate('connections.token.label')}
          fullWidth
          margin="none"
          slotProps={{
            htmlInput: { readOnly: true, 'data-testid': 'connection-token', style: { fontFamily: 'monospace' } },
            input: {
              endAdornment: (
                <Tooltip title={translate(copied ? 'connections.token.copied' : 'connections.token.copy')}>
                  <IconButton aria-label={translate('connections.token.copy')} onClick={copy} edge="end">
                    {copied ? <Check color="success" /> : <ContentCopy />}
                  </IconButton>
                </Tooltip>
              ),
            },
          }}
        />
        <Alert severity="warning" sx={{ mt: 2 }}>
          {translate('connections.token.warning')}
        </Alert>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {translate('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
