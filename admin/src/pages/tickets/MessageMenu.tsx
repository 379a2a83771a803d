import { Menu, MenuItem } from '@mui/material';
import { useTranslate } from 'react-admin';
import { EDIT_WINDOW_MS } from './constants';
import type { Message } from './types';

/**
 * Reply (all messages); edit (own sent texts, while the API still edits them) and delete (own sent messages not yet
 * deleted): what the API would refuse is not offered.
 */
export function MessageMenu({
  anchor,
  message,
  onClose,
  onReply,
  onEdit,
  onDelete,
}: {
  anchor: HTMLElement | null;
  message: Message;
  onClose(): void;
  onReply(): void;
  onEdit(): void;
  onDelete(): void;
}) {
  const translate = useTranslate();
  const own = message.fromMe && !message.isDeleted;
  // The menu opens on a click, so the age read here is the age at that moment.
  const editable = own && message.mediaType === 'chat' && Date.now() - new Date(message.createdAt).getTime() <= EDIT_WINDOW_MS;
  const pick = (action: () => void) => () => {
    onClose();
    action();
  };
  return (
    <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      <MenuItem onClick={pick(onReply)}>{translate('tickets.messages.menu.reply')}</MenuItem>
      {editable && <MenuItem onClick={pick(onEdit)}>{translate('tickets.messages.menu.edit')}</MenuItem>}
      {own && <MenuItem onClick={pick(onDelete)}>{translate('tickets.messages.menu.delete')}</MenuItem>}
    </Menu>
  );
}
