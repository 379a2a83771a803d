import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { Box, IconButton, Paper, Tooltip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { otherMembers } from './chatRules';
import type { Chat } from './types';

interface ChatHeaderProps {
  chat: Chat;
  userId: number | undefined;
  onEdit(chat: Chat): void;
  onDelete(chat: Chat): void;
}

/** Title and members; only the owner gets edit and delete (campaigns §6). */
export function ChatHeader({ chat, userId, onEdit, onDelete }: ChatHeaderProps) {
  const translate = useTranslate();
  const owner = chat.ownerId === userId;
  const members = otherMembers(chat, userId);
  return (
    <Paper square elevation={0} sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }} data-chat-header>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="subtitle1" noWrap sx={{ fontWeight: 600 }} data-chat-title>
          {chat.title}
        </Typography>
        <Typography variant="caption" color="text.secondary" noWrap component="div" title={members}>
          {members || translate('chats.onlyYou')}
        </Typography>
      </Box>
      {owner && (
        <>
          <Tooltip title={translate('chats.edit')}>
            <IconButton aria-label={translate('chats.edit')} onClick={() => onEdit(chat)}>
              <EditOutlined />
            </IconButton>
          </Tooltip>
          <Tooltip title={translate('chats.delete')}>
            <IconButton aria-label={translate('chats.delete')} onClick={() => onDelete(chat)}>
              <DeleteOutlined />
            </IconButton>
          </Tooltip>
        </>
      )}
    </Paper>
  );
}
