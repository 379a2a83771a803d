import Send from '@mui/icons-material/Send';
import { Box, Button, CircularProgress, MenuItem, Paper, TextField, Typography } from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { MessageTemplateResponse } from '../../../../src/shared/api-types';
import { useNotifyError } from '../../hooks/useNotifyError';
import { useAppDataProvider } from '../../providers/dataProvider';
import { needsHeaderFile, previewTemplate, slotLabel } from './serviceWindow';
import type { Message, Ticket } from './types';

/**
 * The composer of a WhatsApp Cloud API conversation whose 24-hour window closed: an approved template of the
 * connection, a field per {{n}} of its body with a live preview, and the file address its header may need.
 */
export function TemplateComposer({ ticket, onSent }: { ticket: Ticket; onSent(messages: Message[]): void }) {
  const dataProvider = useAppDataProvider();
  const translate = useTranslate();
  const notifyError = useNotifyError();
  const [templates, setTemplates] = useState<MessageTemplateResponse[] | null>(null);
  const [chosenId, setChosenId] = useState<number | ''>('');
  const [values, setValues] = useState<string[]>([]);
  const [headerMediaUrl, setHeaderMediaUrl] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    dataProvider
      .getTicketTemplates(ticket.id)
      .then((answer) => current && setTemplates(answer))
      .catch((error: unknown) => {
        if (!current) return;
        setTemplates([]);
        notifyError(error);
      });
    return () => {
      current = false;
    };
  }, [ticket.id, dataProvider.getTicketTemplates, notifyError]);

  const chosen = useMemo(() => templates?.find((t) => t.id === chosenId) ?? null, [templates, chosenId]);
  const needsFile = needsHeaderFile(chosen);
  const complete =
    chosen !== null && values.length === chosen.variables && values.every((v) => v.trim() !== '') && (!needsFile || headerMediaUrl.trim() !== '');
  const disabled = ticket.status !== 'open';

  const choose = (id: number) => {
    const template = templates?.find((t) => t.id === id);
    setChosenId(id);
    setValues(Array.from({ length: template?.variables ?? 0 }, () => ''));
    setHeaderMediaUrl('');
  };

  const send = async () => {
    if (!chosen || !complete || busy || disabled) return;
    setBusy(true);
    try {
      const message = await dataProvider.sendTemplateMessage(ticket.id, {
        templateId: chosen.id,
        variables: values.map((v) => v.trim()),
        ...(needsFile ? { headerMediaUrl: headerMediaUrl.trim() } : {}),
      });
      onSent([message]);
      setChosenId('');
      setValues([]);
      setHeaderMediaUrl('');
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  if (templates === null) {
    return (
      <Box sx={{ p: 2, display: 'flex', justifyContent: 'center' }}>
        <CircularProgress size={24} />
      </Box>
    );
  }
  if (!templates.length) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ p: 2 }} data-testid="template-composer">
        {translate('serviceWindow.noTemplates')}
      </Typography>
    );
  }
  return (
    <Box sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 1.5, borderTop: 1, borderColor: 'divider' }} data-testid="template-composer">
      <TextField
        select
        size="small"
        label={translate('serviceWindow.template')}
        value={chosenId}
        onChange={(event) => choose(Number(event.target.value))}
        disabled={disabled}
      >
        {templates.map((template) => (
          <MenuItem key={template.id} value={template.id}>
            {template.name} ({template.language})
          </MenuItem>
        ))}
      </TextField>
      {chosen && (
        <>
          {(needsFile || values.length > 0) && (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              {needsFile && (
                <TextField
                  size="small"
                  sx={{ flex: '1 1 100%' }}
                  label={translate('serviceWindow.headerMediaUrl')}
                  value={headerMediaUrl}
                  onChange={(event) => setHeaderMediaUrl(event.target.value)}
                  slotProps={{ htmlInput: { inputMode: 'url' } }}
                />
              )}
              {values.map((value, index) => (
                <TextField
                  // One value per slot of the template, in the order the send lists them.
                  key={index}
                  size="small"
                  sx={{ flex: '1 1 180px' }}
                  label={chosen.slots[index] ? slotLabel(chosen.slots[index], (n) => translate('serviceWindow.variable', { n }), translate) : ''}
                  value={value}
                  onChange={(event) => setValues((current) => current.map((v, i) => (i === index ? event.target.value : v)))}
                />
              ))}
            </Box>
          )}
          <Paper variant="outlined" sx={{ p: 1.5, bgcolor: 'action.hover' }} data-testid="template-preview">
            <Typography variant="caption" color="text.secondary">
              {translate('serviceWindow.preview')}
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
              {previewTemplate(chosen, values) || chosen.name}
            </Typography>
          </Paper>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button variant="contained" endIcon={busy ? <CircularProgress size={16} /> : <Send />} disabled={!complete || busy || disabled} onClick={send}>
              {translate('serviceWindow.send')}
            </Button>
          </Box>
        </>
      )}
    </Box>
  );
}
