import ExpandMore from '@mui/icons-material/ExpandMore';
import { Box, IconButton, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { AckIcon } from './AckIcon';
import { FormattedText } from './FormattedText';
import { CAPTIONED, MessageMedia } from './MessageMedia';
import { MessageMenu } from './MessageMenu';
import { SendErrorIcon } from './SendErrorIcon';
import { QuotedBlock } from './QuotedBlock';
import { ReactionBadge } from './ReactionBadge';
import type { ReactionCount } from './reactions';
import { clockTime } from './timeLabels';
import type { Message, QuotedMessage } from './types';

interface MessageBubbleProps {
  message: Message;
  quoted: QuotedMessage | null;
  /** The reactions to this message, shown as a badge on it. */
  reactions?: ReactionCount[];
  isGroup: boolean;
  contactName?: string;
  whatsappId: number | null;
  readOnly?: boolean;
  /** Reactions go through the message's own ticket: only messages of the open conversation offer them. */
  canReact?: boolean;
  onReply(message: Message): void;
  onEdit(message: Message): void;
  onDelete(message: Message): void;
  /** Our emoji on the message; '' takes ours back. */
  onReact(message: Message, emoji: string): void;
}

/** Shown as its own text only when it says more than the media's name. */
function caption(message: Message): string {
  if (message.mediaType === 'chat' || !CAPTIONED.has(message.mediaType)) return message.body;
  return message.body && message.body !== message.mediaName ? message.body : '';
}

/** One message: sent on the right, received on the left, with quote, media, edit marker, time, ack and reactions. */
export function MessageBubble({
  message,
  quoted,
  reactions,
  isGroup,
  contactName,
  whatsappId,
  readOnly,
  canReact = true,
  onReply,
  onEdit,
  onDelete,
  onReact,
}: MessageBubbleProps) {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const mine = message.fromMe;
  const special = ['locationMessage', 'vcard', 'contactMessage', 'call_log'].includes(message.mediaType);
  const text = special ? '' : caption(message);
  const sender = !mine && isGroup ? message.senderName || message.participant : null;

  return (
    <Box
      sx={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start', px: 2, py: 0.25, mb: reactions?.length ? 1.75 : 0 }}
      data-message-id={message.id}
      data-from-me={mine}
    >
      <Box
        sx={(theme) => ({
          position: 'relative',
          maxWidth: { xs: '85%', md: '70%' },
          minWidth: 96,
          px: 1.25,
          pt: 0.75,
          pb: 0.5,
          borderRadius: 2,
          borderTopRightRadius: mine ? 2 : undefined,
          borderTopLeftRadius: mine ? undefined : 2,
          boxShadow: '0 1px 1px rgba(0,0,0,0.12)',
          bgcolor: mine ? (theme.palette.mode === 'dark' ? alpha(theme.palette.primary.main, 0.28) : '#dcf8c6') : 'background.paper',
          '&:hover .message-menu, & .message-menu:focus-visible': { opacity: 1 },
        })}
      >
        {!readOnly && (
          <IconButton
            className="message-menu"
            size="small"
            disabled={message.isDeleted}
            aria-label={translate('tickets.messages.menu.label')}
            onClick={(event) => setAnchor(event.currentTarget)}
            sx={{ position: 'absolute', top: 0, right: 0, opacity: anchor ? 1 : 0, p: 0.25, bgcolor: 'inherit' }}
          >
            <ExpandMore fontSize="small" />
          </IconButton>
        )}
        {sender && (
          <Typography variant="caption" component="div" sx={{ fontWeight: 600, color: 'secondary.main' }} data-sender>
            {sender}
          </Typography>
        )}
        {quoted && <QuotedBlock quoted={quoted} contactName={contactName} />}
        <Box sx={message.isDeleted ? { opacity: 0.6 } : undefined}>
          <MessageMedia message={message} whatsappId={whatsappId} readOnly={readOnly || message.isDeleted} />
        </Box>
        {text && (
          <Typography
            variant="body2"
            component="div"
            data-deleted={message.isDeleted || undefined}
            sx={{
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
              pr: readOnly ? 0 : 2,
              ...(message.isDeleted && { textDecoration: 'line-through', fontStyle: 'italic', color: 'text.secondary' }),
            }}
          >
            <FormattedText text={text} />
          </Typography>
        )}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 0.5, mt: 0.25, color: 'text.secondary' }}>
          {message.isDeleted && (
            <Typography variant="caption" sx={{ fontStyle: 'italic' }}>
              {translate('tickets.messages.deleted')}
            </Typography>
          )}
          {message.isEdited && !message.isDeleted && (
            <Typography variant="caption" sx={{ fontStyle: 'italic' }} data-edited>
              {translate('tickets.messages.edited')}
            </Typography>
          )}
          <Typography variant="caption">{clockTime(message.createdAt)}</Typography>
          {mine && (message.sendError ? <SendErrorIcon error={message.sendError} /> : <AckIcon ack={message.ack} />)}
        </Box>
        {reactions?.length ? <ReactionBadge reactions={reactions} mine={mine} /> : null}
      </Box>
      {anchor && (
        <MessageMenu
          anchor={anchor}
          message={message}
          canReact={canReact}
          myReaction={reactions?.find((reaction) => reaction.mine)?.emoji ?? null}
          onClose={() => setAnchor(null)}
          onReply={() => onReply(message)}
          onEdit={() => onEdit(message)}
          onDelete={() => onDelete(message)}
          onReact={(emoji) => onReact(message, emoji)}
        />
      )}
    </Box>
  );
}
