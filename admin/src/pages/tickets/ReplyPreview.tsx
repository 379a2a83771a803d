import Close from '@mui/icons-material/Close';
import { Box, IconButton } from '@mui/material';
import { useTranslate } from 'react-admin';
import { QuotedBlock } from './QuotedBlock';
import type { Message } from './types';

/** The message being answered, above the input. */
export function ReplyPreview({ message, contactName, onCancel }: { message: Message; contactName?: string; onCancel(): void }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.5, pt: 1 }} data-replying>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <QuotedBlock
          quoted={{ id: message.id, body: message.body, fromMe: message.fromMe, mediaType: message.mediaType, senderName: message.senderName }}
          contactName={contactName}
        />
      </Box>
      <IconButton size="small" aria-label={translate('tickets.input.cancelReply')} onClick={onCancel}>
        <Close fontSize="small" />
      </IconButton>
    </Box>
  );
}
