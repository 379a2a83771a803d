import AttachFile from '@mui/icons-material/AttachFile';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import { Box, Button, Chip, IconButton, Link, Tooltip, Typography } from '@mui/material';
import { useId, useRef } from 'react';
import { useTranslate } from 'react-admin';

/** What the user did to a record's attachment in a dialog, applied when the dialog saves. */
export type AttachmentChange = { file: File } | { remove: true } | null;

interface AttachmentFieldProps {
  /** Catalog key of the label. */
  label: string;
  /** The attachment the record has now. */
  current: { name: string; url?: string | null } | null;
  change: AttachmentChange;
  onChange(change: AttachmentChange): void;
  /** The file types offered by the browser's chooser. */
  accept?: string;
  /** Whether the record's current file may be removed (not only replaced); true unless told. */
  canRemoveCurrent?: boolean;
  /** Shows the attachment without the buttons that change it. */
  readOnly?: boolean;
}

/** One attachment: its name (a link when it can be opened), a button to attach or replace it and one to remove it. */
export function AttachmentField({ label, current, change, onChange, accept, canRemoveCurrent = true, readOnly }: AttachmentFieldProps) {
  const translate = useTranslate();
  const inputRef = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const chosen = change && 'file' in change ? change.file : null;
  const shown = chosen ? { name: chosen.name, url: null } : change && 'remove' in change ? null : current;

  return (
    <Box component="section" aria-labelledby={labelId} sx={{ mb: 2 }}>
      <Typography id={labelId} variant="subtitle2" sx={{ mb: 1 }}>
        {translate(label)}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        {shown ? (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }} data-attachment-name={shown.name}>
            <InsertDriveFileOutlined fontSize="small" color="action" />
            {shown.url ? (
              <Link href={shown.url} target="_blank" rel="noopener noreferrer" noWrap sx={{ maxWidth: 320 }}>
                {shown.name}
              </Link>
            ) : (
              <Typography noWrap sx={{ maxWidth: 320 }}>
                {shown.name}
              </Typography>
            )}
            {chosen && <Chip size="small" variant="outlined" color="primary" label={translate('attachment.pending')} />}
            {!readOnly && (chosen || canRemoveCurrent) && (
              <Tooltip title={translate('attachment.remove')}>
                <IconButton
                  size="small"
                  aria-label={translate('attachment.remove')}
                  onClick={() => onChange(current && canRemoveCurrent ? { remove: true } : null)}
                >
                  <DeleteOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          </Box>
        ) : (
          <Typography color="text.secondary">{translate('attachment.none')}</Typography>
        )}
        {!readOnly && (
          <Button variant="outlined" size="small" startIcon={<AttachFile />} onClick={() => inputRef.current?.click()}>
            {translate(shown ? 'attachment.replace' : 'attachment.attach')}
          </Button>
        )}
        <input
          ref={inputRef}
          type="file"
          hidden
          accept={accept}
          aria-label={translate('attachment.attach')}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) onChange({ file });
            event.target.value = '';
          }}
        />
      </Box>
    </Box>
  );
}
