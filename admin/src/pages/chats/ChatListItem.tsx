import { Badge, Box, ListItemButton, ListItemText, Typography } from '@mui/material';
import { listTime } from '../tickets/timeLabels';
import { otherMembers, unreadsOf } from './chatRules';
import type { Chat } from './types';

interface ChatListItemProps {
  chat: Chat;
  userId: number | undefined;
  selected: boolean;
  onOpen(chat: Chat): void;
}

/** Title, last message (or the members while there is none), time of the last activity and my unread count. */
export function ChatListItem({ chat, userId, selected, onOpen }: ChatListItemProps) {
  const unreads = unreadsOf(chat, userId);
  return (
    <ListItemButton divider selected={selected} onClick={() => onOpen(chat)} data-chat-item={chat.id} data-unreads={unreads}>
      <ListItemText
        primary={chat.title}
        secondary={chat.lastMessage || otherMembers(chat, userId)}
        slotProps={{
          primary: { noWrap: true, sx: { fontWeight: unreads ? 700 : 500 } },
          secondary: { noWrap: true },
        }}
        sx={{ minWidth: 0 }}
      />
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 0.5, ml: 1, flexShrink: 0 }}>
        <Typography variant="caption" color={unreads ? 'success.main' : 'text.secondary'}>
          {listTime(chat.updatedAt)}
        </Typography>
        <Badge
          badgeContent={unreads}
          color="success"
          max={999}
          data-unread-badge
          sx={{ minHeight: 20, '& .MuiBadge-badge': { position: 'static', transform: 'none' }, '& .MuiBadge-invisible': { display: 'none' } }}
        />
      </Box>
    </ListItemButton>
  );
}
