import { Alert, Box, LinearProgress, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { ContactListImport } from './types';

interface ImportProgressProps {
  current: ContactListImport | null;
  /** The name of a file still being sent (before the server answered). */
  uploading: string | null;
  onDismiss(): void;
}

/** The bar of a running import, driven by the socket's progress events; then how it ended. */
export function ImportProgress({ current, uploading, onDismiss }: ImportProgressProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const count = (value: number) => value.toLocaleString(locale);
  if (uploading) return <Bar text={translate('contactListItems.progress.uploading', { file: uploading })} />;
  if (!current) return null;
  const file = current.fileName;
  if (current.status === 'done') {
    const plural = (key: string, value: number) => translate(`campaignTools.imports.${key}`, { smart_count: value, count: count(value) });
    const lines = current.invalidEmailLines.join(', ') + (current.invalidEmails > current.invalidEmailLines.length ? '…' : '');
    return (
      <Alert severity={current.invalidEmails ? 'warning' : 'success'} onClose={onDismiss} sx={{ mb: 2 }} data-import-status="done">
        {translate('campaignTools.imports.done', {
          file,
          valid: plural('valid', current.valid),
          invalid: plural('invalid', current.invalid),
          duplicates: plural('duplicates', current.duplicates),
        })}
        {current.invalidEmails > 0 && (
          <>
            <br />
            <span data-invalid-emails={current.invalidEmails}>
              {translate('campaignTools.imports.invalidEmails', { smart_count: current.invalidEmails, count: count(current.invalidEmails), lines })}
            </span>
          </>
        )}
      </Alert>
    );
  }
  if (current.status === 'failed') {
    const reason = translate(`errors.${current.error ?? 'generic'}`, { _: translate('errors.generic') });
    return (
      <Alert severity="error" onClose={onDismiss} sx={{ mb: 2 }} data-import-status="failed">
        {translate('contactListItems.progress.failed', { file, reason })}
      </Alert>
    );
  }
  if (current.status === 'queued') return <Bar text={translate('contactListItems.progress.queued', { file })} status="queued" />;
  if (!current.total) return <Bar text={translate('contactListItems.progress.reading', { file })} status="running" />;
  const value = Math.min(100, Math.round((current.processed / current.total) * 100));
  return (
    <Bar
      text={translate('contactListItems.progress.running', { file, processed: count(current.processed), total: count(current.total) })}
      value={value}
      status="running"
    />
  );
}

function Bar({ text, value, status }: { text: string; value?: number; status?: string }) {
  return (
    <Box sx={{ mb: 2 }} data-import-status={status ?? 'uploading'}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {text}
      </Typography>
      {/* Keyed by variant: a determinate bar must not start from where the indeterminate animation was. */}
      <LinearProgress
        key={value === undefined ? 'indeterminate' : 'determinate'}
        variant={value === undefined ? 'indeterminate' : 'determinate'}
        value={value}
        aria-label={text}
      />
    </Box>
  );
}
