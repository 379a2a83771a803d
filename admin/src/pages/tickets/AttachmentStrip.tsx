import Close from '@mui/icons-material/Close';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import { Box, IconButton, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';

/** Picture thumbnails as data URLs (the page's CSP allows data: images, not blob: ones). */
function useThumbnail(file: File): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file.type.startsWith('image/')) return;
    const reader = new FileReader();
    reader.onload = () => setUrl(typeof reader.result === 'string' ? reader.result : null);
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);
  return url;
}

function Attachment({ file, onRemove }: { file: File; onRemove(): void }) {
  const translate = useTranslate();
  const thumbnail = useThumbnail(file);
  return (
    <Box sx={{ position: 'relative', width: 96, flexShrink: 0, border: 1, borderColor: 'divider', borderRadius: 1, p: 0.5, bgcolor: 'background.paper' }}>
      {thumbnail ? (
        <Box component="img" src={thumbnail} alt={file.name} sx={{ width: '100%', height: 64, objectFit: 'cover', borderRadius: 0.5, display: 'block' }} />
      ) : (
        <Box sx={{ height: 64, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
          <InsertDriveFileOutlined color="action" fontSize="large" />
        </Box>
      )}
      <Typography variant="caption" noWrap component="div" title={file.name}>
        {file.name}
      </Typography>
      <IconButton
        size="small"
        aria-label={translate('tickets.input.removeAttachment', { name: file.name })}
        onClick={onRemove}
        sx={{ position: 'absolute', top: -8, right: -8, bgcolor: 'background.paper', boxShadow: 1, p: 0.25, '&:hover': { bgcolor: 'background.paper' } }}
      >
        <Close sx={{ fontSize: 14 }} />
      </IconButton>
    </Box>
  );
}

/** Files waiting to be sent with the typed caption. */
export function AttachmentStrip({ files, onRemove }: { files: File[]; onRemove(index: number): void }) {
  if (!files.length) return null;
  return (
    <Box sx={{ display: 'flex', gap: 1.5, px: 1.5, pt: 1.5, overflowX: 'auto' }} data-attachments>
      {files.map((file, index) => (
        <Attachment key={`${file.name}-${index}`} file={file} onRemove={() => onRemove(index)} />
      ))}
    </Box>
  );
}
