import { Box, CircularProgress, Paper } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ChatHeader } from './ChatHeader';
import { ChatInput } from './ChatInput';
import { ChatMessageList } from './ChatMessageList';
import { unreadsOf } from './chatRules';
import { useChats } from './ChatsProvider';
import type { Chat } from './types';
import { useChatMessages } from './useChatMessages';
import { useDocumentVisible } from './useDocumentVisible';

interface ChatPaneProps {
  chatId: number;
  /** Whether the pane is on screen (on phones it shares the page with the list through tabs). */
  active: boolean;
  onEdit(chat: Chat): void;
  onDelete(chat: Chat): void;
}

/** One chat: header, messages and input; unread messages are marked read while the chat is on screen. */
export function ChatPane({ chatId, active, onEdit, onDelete }: ChatPaneProps) {
  const navigate = useNavigate();
  const { chats, loaded, userId, ensure, markRead } = useChats();
  const chat = chats.find((known) => known.id === chatId);
  const history = useChatMessages(chatId);
  const visible = useDocumentVisible();
  const seen = useRef(false);
  const asked = useRef(false);
  const [missing, setMissing] = useState(false);
  const unreads = chat ? unreadsOf(chat, userId) : 0;

  // An address opened directly may name a chat beyond the loaded pages; one that vanishes was deleted or left.
  useEffect(() => {
    if (chat) {
      seen.current = true;
      return;
    }
    if (seen.current) navigate('/chats', { replace: true });
    else if (loaded && !asked.current) {
      asked.current = true;
      void ensure(chatId).then((found) => !found && setMissing(true));
    }
  }, [chat, loaded, chatId, ensure, navigate]);

  useEffect(() => {
    if (missing) navigate('/chats', { replace: true });
  }, [missing, navigate]);

  useEffect(() => {
    if (active && visible && unreads > 0) markRead(chatId);
  }, [active, visible, unreads, chatId, markRead]);

  if (!chat) {
    return (
      <Paper variant="outlined" sx={{ height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <CircularProgress />
      </Paper>
    );
  }

  return (
    <Paper variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column', overflow: 'hidden' }} data-chat-pane={chat.id}>
      <ChatHeader chat={chat} userId={userId} onEdit={onEdit} onDelete={onDelete} />
      <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
        <ChatMessageList history={history} userId={userId} />
      </Box>
      <ChatInput chatId={chat.id} onSent={history.add} />
    </Paper>
  );
}
