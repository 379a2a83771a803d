import { useAppDataProvider } from '../../../providers/dataProvider';
import AttachFile from '@mui/icons-material/AttachFile';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import { Box, Button, CircularProgress, IconButton, Link, Tooltip } from '@mui/material';
import { useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useNotifyError } from '../../../hooks/useNotifyError';
import type { OptionItem } from './types';

interface OptionAttachmentProps {
  item: OptionItem & { id: number };
  /** Loads the option again once its file changed. */
  onChange(): Promise<unknown>;
}

/** A saved option's file, sent with its message: attached or removed at once (the dataProvider's option media methods). */
export function OptionAttachment({ item, onChange }: OptionAttachmentProps) {
  const translate = useTranslate();
  const notifyError = useNotifyError();
  const dataProvider = useAppDataProvider();
  const inputRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  const run = async (call: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await call();
      await onChange();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
      {item.mediaName && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }} data-attachment-name={item.mediaName}>
          <InsertDriveFileOutlined fontSize="small" color="action" />
          <Link href={item.mediaPath ? `/public/${item.mediaPath}` : undefined} target="_blank" rel="noopener noreferrer" noWrap sx={{ maxWidth: 280 }}>
            {item.mediaName}
          </Link>
          <Tooltip title={translate('attachment.remove')}>
            <IconButton
              size="small"
              aria-label={translate('attachment.remove')}
              disabled={busy}
              onClick={() => void run(() => dataProvider.removeQueueOptionMedia(item.id))}
            >
              <DeleteOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
      )}
      <Button
        size="small"
        startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <AttachFile />}
        disabled={busy}
        onClick={() => inputRef.current?.click()}
      >
        {translate(item.mediaName ? 'attachment.replace' : 'attachment.attach')}
      </Button>
      <input
        ref={inputRef}
        type="file"
        hidden
        aria-label={translate('queues.options.attach', { title: item.title })}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void run(() => dataProvider.uploadQueueOptionMedia(item.id, file));
        }}
      />
    </Box>
  );
}
