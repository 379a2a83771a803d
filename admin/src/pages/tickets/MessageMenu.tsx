import { Box, IconButton, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { EDIT_WINDOW_MS, REACTION_EMOJIS } from './constants';
import type { Message } from './types';

/** Messages no one reacts to (the API refuses them): reactions themselves and call records. */
const UNREACTABLE = new Set(['reactionMessage', 'call_log']);

/**
 * Reply (all messages); react (a row of emojis) and remove our reaction when we put one; edit (own sent texts, while
 * the API still edits them) and delete (own sent messages not yet deleted): what the API would refuse is not offered.
 */
export function MessageMenu({
  anchor,
  message,
  canReact = true,
  myReaction,
  onClose,
  onReply,
  onEdit,
  onDelete,
  onReact,
}: {
  anchor: HTMLElement | null;
  message: Message;
  /** The server takes reactions only in the message's own ticket while it is not closed. */
  canReact?: boolean;
  /** The emoji we put on this message, if any. */
  myReaction?: string | null;
  onClose(): void;
  onReply(): void;
  onEdit(): void;
  onDelete(): void;
  onReact(emoji: string): void;
}) {
  const translate = useTranslate();
  const [picking, setPicking] = useState(false);
  const own = message.fromMe && !message.isDeleted;
  const reactable = canReact && !message.isDeleted && !UNREACTABLE.has(message.mediaType);
  // The menu opens on a click, so the age read here is the age at that moment.
  const editable = own && message.mediaType === 'chat' && Date.now() - new Date(message.createdAt).getTime() <= EDIT_WINDOW_MS;
  const pick = (action: () => void) => () => {
    onClose();
    action();
  };
  if (picking)
    return (
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
        <Box role="group" aria-label={translate('tickets.messages.menu.react')} sx={{ display: 'flex', gap: 0.25, px: 1 }} data-reaction-picker>
          {REACTION_EMOJIS.map((emoji) => (
            <IconButton
              key={emoji}
              size="small"
              aria-label={translate('tickets.messages.menu.reactWith', { emoji })}
              aria-pressed={myReaction === emoji}
              onClick={pick(() => onReact(emoji))}
              sx={{ fontSize: 22, width: 40, height: 40, ...(myReaction === emoji && { bgcolor: 'action.selected' }) }}
            >
              {emoji}
            </IconButton>
          ))}
        </Box>
      </Menu>
    );
  return (
    <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      <MenuItem onClick={pick(onReply)}>{translate('tickets.messages.menu.reply')}</MenuItem>
      {reactable && <MenuItem onClick={() => setPicking(true)}>{translate('tickets.messages.menu.react')}</MenuItem>}
      {reactable && myReaction && <MenuItem onClick={pick(() => onReact(''))}>{translate('tickets.messages.menu.removeReaction')}</MenuItem>}
      {editable && <MenuItem onClick={pick(onEdit)}>{translate('tickets.messages.menu.edit')}</MenuItem>}
      {own && <MenuItem onClick={pick(onDelete)}>{translate('tickets.messages.menu.delete')}</MenuItem>}
    </Menu>
  );
}
