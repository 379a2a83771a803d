import CallOutlined from '@mui/icons-material/CallOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import { Box, Button, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ImagePreview } from './ImagePreview';
import { LocationCard } from './LocationCard';
import type { Message } from './types';
import { VcardMessage } from './VcardMessage';

/** Media types whose body is the caption shown under the media. */
export const CAPTIONED = new Set(['image', 'video', 'application', 'document', 'audio', 'sticker']);

/** The media part of a message, by kind (core §2). Returns null for plain text. */
export function MessageMedia({ message, whatsappId, readOnly }: { message: Message; whatsappId: number | null; readOnly?: boolean }) {
  const translate = useTranslate();
  const url = message.mediaUrl;
  const name = message.mediaName || message.body || translate('tickets.messages.file');
  switch (message.mediaType) {
    case 'image':
    case 'sticker':
      return url ? <ImagePreview src={url} alt={name} sticker={message.mediaType === 'sticker'} /> : null;
    case 'audio':
      return url ? <Box component="audio" controls preload="metadata" src={url} sx={{ width: 260, maxWidth: '100%', display: 'block' }} /> : null;
    case 'video':
      return url ? (
        <Box component="video" controls preload="metadata" src={url} sx={{ width: 260, maxWidth: '100%', borderRadius: 1, display: 'block' }} />
      ) : null;
    case 'application':
    case 'document':
      return url ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 1, bgcolor: 'action.hover', borderRadius: 1, minWidth: 200 }}>
          <InsertDriveFileOutlined color="action" />
          <Typography variant="body2" noWrap sx={{ flex: 1, minWidth: 0 }} title={name}>
            {name}
          </Typography>
          <Button size="small" startIcon={<DownloadOutlined />} href={url} download={message.mediaName ?? true} target="_blank" rel="noopener">
            {translate('tickets.messages.download')}
          </Button>
        </Box>
      ) : null;
    case 'locationMessage':
      return <LocationCard body={message.body} />;
    case 'vcard':
    case 'contactMessage':
      return <VcardMessage body={message.body} whatsappId={whatsappId} readOnly={readOnly} />;
    case 'call_log':
      return (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }} data-call-log>
          <CallOutlined color="error" fontSize="small" />
          <Typography variant="body2">{message.body || translate('tickets.messages.callLog')}</Typography>
        </Box>
      );
    default:
      return null;
  }
}
