import { Box, CircularProgress, Typography } from '@mui/material';
import { Fragment, useCallback, useLayoutEffect, useRef } from 'react';
import { useScrollAnchors } from '../../hooks/useScrollAnchors';
import { useTranslate } from 'react-admin';
import { DayDivider } from '../tickets/MessageDividers';
import { dayKey } from '../tickets/timeLabels';
import { ChatBubble } from './ChatBubble';
import { OLDER_MESSAGES_THRESHOLD_PX, STICK_TO_BOTTOM_PX } from './constants';
import type { ChatHistory } from './useChatMessages';

/**
 * The message pane's scroller: older pages load within 600 px of the top (keeping the reading position); a new
 * message scrolls into view when the reader is at the end or sent it.
 */
export function ChatMessageList({ history, userId }: { history: ChatHistory; userId: number | undefined }) {
  const translate = useTranslate();
  const scrollRef = useRef<HTMLDivElement>(null);
  const { messages } = history;
  const isMine = useCallback((message: { senderId: number }) => message.senderId === userId, [userId]);
  const { pinned, heightBeforeOlder } = useScrollAnchors(scrollRef, history.olderVersion, messages, isMine);

  const loadOlderIfNear = () => {
    const element = scrollRef.current;
    if (!element || !history.loaded || !history.hasMore || history.loading) return;
    if (element.scrollTop < OLDER_MESSAGES_THRESHOLD_PX) {
      heightBeforeOlder.current = element.scrollHeight;
      history.loadOlder();
    }
  };

  // A page that leaves the top within the threshold (short history, tall screen) asks for the next at once.
  useLayoutEffect(loadOlderIfNear);

  const onScroll = () => {
    const element = scrollRef.current;
    if (!element) return;
    pinned.current = element.scrollHeight - element.scrollTop - element.clientHeight < STICK_TO_BOTTOM_PX;
    loadOlderIfNear();
  };

  return (
    <Box
      ref={scrollRef}
      onScroll={onScroll}
      data-chat-messages
      sx={(theme) => ({ flex: 1, minHeight: 0, overflowY: 'auto', py: 1, bgcolor: theme.palette.mode === 'dark' ? 'background.default' : '#efeae2' })}
    >
      {history.loading && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 1 }}>
          <CircularProgress size={22} />
        </Box>
      )}
      {history.loaded && messages.length === 0 && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 4 }}>
          <Typography variant="body2" sx={{ bgcolor: 'background.paper', px: 2, py: 1, borderRadius: 2, boxShadow: 1 }} data-empty-chat>
            {translate('chats.messages.empty')}
          </Typography>
        </Box>
      )}
      {messages.map((message, index) => {
        const day = dayKey(message.createdAt);
        const newDay = index === 0 || dayKey(messages[index - 1]!.createdAt) !== day;
        return (
          <Fragment key={message.id}>
            {newDay && <DayDivider date={message.createdAt} />}
            <ChatBubble message={message} mine={message.senderId === userId} />
          </Fragment>
        );
      })}
    </Box>
  );
}
