import { Badge, Box, Button, List, ListItemButton, ListItemText, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { unreadsOf } from '../pages/chats/chatRules';
import { useChats } from '../pages/chats/ChatsProvider';
import { BELL_MENU_SIZE } from '../pages/chats/constants';
import { listTime } from '../pages/tickets/timeLabels';

/** The chat bell's popover: the latest chats with unread messages, and a way to the whole list. */
export function ChatsBellList({ onPick }: { onPick(): void }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { chats, userId } = useChats();
  const unread = chats.filter((chat) => unreadsOf(chat, userId) > 0).slice(0, BELL_MENU_SIZE);
  const go = (to: string) => {
    onPick();
    navigate(to);
  };

  return (
    <Box sx={{ width: 320, maxWidth: '100vw', maxHeight: 420, overflowY: 'auto' }} data-chat-bell-list>
      {unread.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
          {translate('chats.bell.empty')}
        </Typography>
      ) : (
        <List dense disablePadding>
          {unread.map((chat) => (
            <ListItemButton key={chat.id} divider onClick={() => go(`/chats/${chat.id}`)} data-chat-bell-item={chat.id}>
              <ListItemText
                primary={chat.title}
                secondary={chat.lastMessage ?? ''}
                slotProps={{ primary: { noWrap: true, sx: { fontWeight: 600 } }, secondary: { noWrap: true } }}
                sx={{ minWidth: 0 }}
              />
              <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 0.5, ml: 1 }}>
                <Typography variant="caption" color="text.secondary">
                  {listTime(chat.updatedAt)}
                </Typography>
                <Badge
                  badgeContent={unreadsOf(chat, userId)}
                  color="success"
                  max={999}
                  sx={{ '& .MuiBadge-badge': { position: 'static', transform: 'none' }, '& .MuiBadge-invisible': { display: 'none' } }}
                />
              </Box>
            </ListItemButton>
          ))}
        </List>
      )}
      <Box sx={{ p: 1, borderTop: 1, borderColor: 'divider' }}>
        <Button fullWidth size="small" onClick={() => go('/chats')}>
          {translate('chats.bell.openAll')}
        </Button>
      </Box>
    </Box>
  );
}
