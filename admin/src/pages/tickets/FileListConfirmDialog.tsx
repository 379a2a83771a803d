import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItem, ListItemAvatar, ListItemText, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import type { FileListResponse } from '../../../../src/shared/campaign-api-types';

interface FileListConfirmDialogProps {
  list: FileListResponse | null;
  onClose(): void;
  onConfirm(list: FileListResponse): void;
}

/** What a file list will put in the conversation, before it goes: the message, then each file under its option's name. */
export function FileListConfirmDialog({ list, onClose, onConfirm }: FileListConfirmDialogProps) {
  const translate = useTranslate();
  const titleId = useId();
  const files = list?.options.filter((option) => option.path) ?? [];
  const skipped = (list?.options.length ?? 0) - files.length;
  return (
    <Dialog open={list !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" data-file-list-confirm>
      <DialogTitle id={titleId}>{translate('fileListSend.title', { name: list?.name ?? '' })}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="overline" color="text.secondary">
          {translate('fileListSend.message')}
        </Typography>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', mb: 1.5 }} data-file-list-message>
          {list?.message?.trim() ? list.message : translate('fileListSend.noMessage')}
        </Typography>
        <Typography variant="overline" color="text.secondary">
          {translate('fileListSend.files', { smart_count: files.length })}
        </Typography>
        <List dense disablePadding>
          {files.map((option) => (
            <ListItem key={option.id} disableGutters data-file-list-file={option.id}>
              <ListItemAvatar sx={{ minWidth: 56 }}>
                {option.mediaType?.startsWith('image') ? (
                  <Box component="img" src={`/public/${option.path}`} alt="" sx={{ width: 44, height: 44, objectFit: 'cover', borderRadius: 1 }} />
                ) : (
                  <InsertDriveFileOutlined color="action" sx={{ fontSize: 36 }} />
                )}
              </ListItemAvatar>
              <ListItemText
                primary={option.name}
                secondary={translate('fileListSend.caption', { file: option.mediaName ?? option.path ?? '' })}
                slotProps={{ primary: { sx: { fontWeight: 600, wordBreak: 'break-word' } }, secondary: { sx: { wordBreak: 'break-all' } } }}
              />
            </ListItem>
          ))}
        </List>
        {skipped > 0 && (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
            {translate('fileListSend.skipped', { smart_count: skipped })}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('common.cancel')}</Button>
        <Button variant="contained" disabled={!list || (files.length === 0 && !list.message?.trim())} onClick={() => list && onConfirm(list)}>
          {translate('fileListSend.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
