import Add from '@mui/icons-material/Add';
import { Box, Button, CircularProgress, List, Paper, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useNearEnd } from '../../hooks/useNearEnd';
import { ChatListItem } from './ChatListItem';
import { useChats } from './ChatsProvider';
import type { Chat } from './types';

interface ChatListProps {
  selectedId: number | undefined;
  onOpen(chat: Chat): void;
  onNew(): void;
}

/** The user's chats, most recent activity first, with the 'Nova conversa' button; more load near the bottom. */
export function ChatList({ selectedId, onOpen, onNew }: ChatListProps) {
  const translate = useTranslate();
  const { chats, loaded, loading, hasMore, loadMore, userId } = useChats();
  const { rootRef, sentinelRef } = useNearEnd<HTMLDivElement, HTMLDivElement>(loadMore, hasMore && !loading);

  return (
    <Paper variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column', overflow: 'hidden' }} data-chat-list>
      <Box sx={{ p: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <Button variant="contained" fullWidth startIcon={<Add />} onClick={onNew}>
          {translate('chats.new')}
        </Button>
      </Box>
      <Box ref={rootRef} sx={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
        <List disablePadding>
          {chats.map((chat) => (
            <ChatListItem key={chat.id} chat={chat} userId={userId} selected={chat.id === selectedId} onOpen={onOpen} />
          ))}
        </List>
        {loaded && chats.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ p: 2, textAlign: 'center' }} data-no-chats>
            {translate('chats.empty')}
          </Typography>
        )}
        {loading && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
            <CircularProgress size={24} />
          </Box>
        )}
        <div ref={sentinelRef} />
      </Box>
    </Paper>
  );
}
