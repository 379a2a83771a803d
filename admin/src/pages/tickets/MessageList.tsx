import { useAppDataProvider } from '../../providers/dataProvider';
import { Box, CircularProgress, Typography } from '@mui/material';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useScrollAnchors } from '../../hooks/useScrollAnchors';
import { useTranslate } from 'react-admin';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useNotifyError } from '../../hooks/useNotifyError';
import { MESSAGES_TOP_THRESHOLD_PX } from './constants';
import { EditMessageDialog } from './EditMessageDialog';
import { MessageBubble } from './MessageBubble';
import { DayDivider, TicketChangeMarker } from './MessageDividers';
import { messageRows, resolveQuote } from './messageOrder';
import { attachReactions } from './reactions';
import { useReply } from './ReplyContext';
import { dayKey } from './timeLabels';
import type { Message, Ticket } from './types';
import type { MessageHistory } from './useMessages';

const isOwnMessage = (message: Message) => message.fromMe;

/** Near the bottom: a new message keeps the view pinned to the end. */
const STICK_TO_BOTTOM_PX = 120;

/**
 * The conversation: day dividers, ticket markers, bubbles; older pages load when scrolled within 50 px of the top
 * (keeping the reading position); new messages scroll into view when the reader is at the end or sent them.
 */
export function MessageList({ ticket, history, readOnly }: { ticket: Ticket; history: MessageHistory; readOnly?: boolean }) {
  const dataProvider = useAppDataProvider();
  const translate = useTranslate();
  const notifyError = useNotifyError();
  const { setReplyingTo } = useReply();
  const scrollRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const [editing, setEditing] = useState<Message | null>(null);
  const [deleting, setDeleting] = useState<Message | null>(null);
  const { messages } = history;

  const { pinned, heightBeforeOlder } = useScrollAnchors(scrollRef, history.olderVersion, messages, isOwnMessage);

  // A first page that does not fill the view cannot be scrolled: fetch further back until it does.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a ref (heightBeforeOlder) needs no dependency; re-checked when messages arrive
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element || !history.loaded || !history.hasMore || history.loading) return;
    if (element.scrollHeight <= element.clientHeight + MESSAGES_TOP_THRESHOLD_PX) {
      heightBeforeOlder.current = element.scrollHeight;
      history.loadOlder();
    }
  }, [history, messages.length]);

  // The view shrinks when a reply or attachments open above the input, and grows as media loads: stay at the end
  // if the reader was there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: refs need no dependency; the observer is set up once per scroll element
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (pinned.current) element.scrollTop = element.scrollHeight;
    });
    observer.observe(element);
    // Pictures and cards that finish loading grow the content too.
    if (contentRef.current) observer.observe(contentRef.current);
    return () => observer.disconnect();
  }, []);

  const onScroll = () => {
    const element = scrollRef.current;
    if (!element) return;
    pinned.current = element.scrollHeight - element.scrollTop - element.clientHeight < STICK_TO_BOTTOM_PX;
    if (element.scrollTop < MESSAGES_TOP_THRESHOLD_PX && history.hasMore && !history.loading) {
      heightBeforeOlder.current = element.scrollHeight;
      history.loadOlder();
    }
  };

  const saveEdit = async (message: Message, body: string) => {
    try {
      const answer = await dataProvider.editMessage(message.id, body);
      history.upsert([answer && typeof answer === 'object' && 'id' in answer ? answer : { ...message, body, isEdited: true }]);
    } catch (error) {
      notifyError(error);
      throw error;
    }
  };

  const remove = async (message: Message) => {
    try {
      await dataProvider.deleteMessage(message.id);
      history.upsert([{ ...message, isDeleted: true }]);
    } catch (error) {
      notifyError(error);
    }
  };

  const react = async (message: Message, emoji: string) => {
    try {
      // Our stored reaction; the badge shows it (and drops our earlier one) as soon as it is in the list.
      history.upsert([await dataProvider.reactToMessage(message.id, emoji)]);
    } catch (error) {
      notifyError(error);
    }
  };

  // Reactions show as a badge on the message they react to, not as messages of their own.
  const { shown, reactions } = useMemo(() => attachReactions(messages), [messages]);
  const rows = messageRows(shown, dayKey);
  const byId = new Map(messages.map((message) => [message.id, message]));

  return (
    <Box
      ref={scrollRef}
      onScroll={onScroll}
      data-message-list
      sx={(theme) => ({
        flex: 1,
        minHeight: 0,
        overflowY: 'auto',
        py: 1,
        bgcolor: theme.palette.mode === 'dark' ? 'background.default' : '#efeae2',
      })}
    >
      {history.loading && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 1 }}>
          <CircularProgress size={22} />
        </Box>
      )}
      {history.loaded && messages.length === 0 && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 4 }}>
          <Typography variant="body2" sx={{ bgcolor: 'background.paper', px: 2, py: 1, borderRadius: 2, boxShadow: 1 }} data-empty-conversation>
            {translate('tickets.messages.empty')}
          </Typography>
        </Box>
      )}
      <div ref={contentRef}>
        {rows.map((row) => {
          if (row.kind === 'day') return <DayDivider key={row.key} date={row.date} />;
          if (row.kind === 'ticketChange') return <TicketChangeMarker key={row.key} closedAt={row.closedAt} openedAt={row.openedAt} />;
          return (
            <MessageBubble
              key={row.key}
              message={row.message}
              quoted={resolveQuote(row.message, byId)}
              reactions={reactions.get(row.message.id)}
              isGroup={ticket.isGroup}
              contactName={ticket.contact?.name}
              whatsappId={ticket.whatsappId}
              readOnly={readOnly}
              canReact={row.message.ticketId === ticket.id && ticket.status !== 'closed'}
              onReply={setReplyingTo}
              onEdit={setEditing}
              onDelete={setDeleting}
              onReact={react}
            />
          );
        })}
      </div>
      {editing && <EditMessageDialog message={editing} onClose={() => setEditing(null)} onSave={(body) => saveEdit(editing, body)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={translate('tickets.messages.deleteTitle')}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove(deleting)}
      >
        {translate('tickets.messages.deleteMessage')}
      </ConfirmDialog>
    </Box>
  );
}
