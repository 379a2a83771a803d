import { Menu, MenuItem } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Message } from './types';

/** Reply (all messages); edit and delete (own sent messages). */
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
  const own = message.fromMe;
  const pick = (action: () => void) => () => {
    onClose();
    action();
  };
  return (
    <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      <MenuItem onClick={pick(onReply)}>{translate('tickets.messages.menu.reply')}</MenuItem>
      {own && message.mediaType === 'chat' && <MenuItem onClick={pick(onEdit)}>{translate('tickets.messages.menu.edit')}</MenuItem>}
      {own && <MenuItem onClick={pick(onDelete)}>{translate('tickets.messages.menu.delete')}</MenuItem>}
    </Menu>
  );
}
