import { useAppDataProvider } from '../../providers/dataProvider';
import { Box, Tab, Tabs, type Theme, useMediaQuery } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ignoreFailure } from './chatMethods';
import { ChatDialog } from './ChatDialog';
import { ChatList } from './ChatList';
import { ChatPane } from './ChatPane';
import { useChats } from './ChatsProvider';
import { WIDE_LAYOUT } from './constants';
import { NoChatSelected } from './NoChatSelected';
import type { Chat } from './types';

type NarrowTab = 'chats' | 'messages';
type Editing = { chat?: Chat } | null;

/** Height left under the app bar (the layout adds its own bottom padding). */
const PAGE_HEIGHT = { xs: 'calc(100dvh - 56px - 32px)', sm: 'calc(100dvh - 48px - 40px)' };

/** /chats and /chats/{id}: the list beside the open chat; two tabs, Chats and Mensagens, on small screens. */
export function ChatsPage() {
  const dataProvider = useAppDataProvider();
  const translate = useTranslate();
  const navigate = useNavigate();
  const { id } = useParams();
  const chatId = id && /^\d+$/.test(id) ? Number(id) : undefined;
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up(WIDE_LAYOUT));
  const { userId, upsert, remove } = useChats();
  const [narrowTab, setNarrowTab] = useState<NarrowTab>(chatId ? 'messages' : 'chats');
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Chat | null>(null);

  useEffect(() => {
    setNarrowTab(chatId ? 'messages' : 'chats');
  }, [chatId]);

  const open = (chat: Chat) => {
    setNarrowTab('messages');
    navigate(`/chats/${chat.id}`);
  };
  const saved = (chat: Chat) => {
    upsert(chat);
    setEditing(null);
    if (chat.id !== chatId) open(chat);
  };
  const confirmDelete = (chat: Chat) =>
    dataProvider.deleteChat(chat.id).then(() => {
      remove(chat.id);
      navigate('/chats', { replace: true });
    }, ignoreFailure);

  const list = <ChatList selectedId={chatId} onOpen={open} onNew={() => setEditing({})} />;
  const pane = (active: boolean) =>
    chatId ? <ChatPane key={chatId} chatId={chatId} active={active} onEdit={(chat) => setEditing({ chat })} onDelete={setDeleting} /> : <NoChatSelected />;

  const dialogs = (
    <>
      {editing && <ChatDialog chat={editing.chat} userId={userId} onClose={() => setEditing(null)} onSaved={saved} />}
      <ConfirmDialog
        open={deleting !== null}
        title={translate('chats.deleteTitle', { title: deleting?.title ?? '' })}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && void confirmDelete(deleting)}
      >
        {translate('chats.deleteConfirm')}
      </ConfirmDialog>
    </>
  );

  if (wide) {
    return (
      <Box sx={{ display: 'flex', gap: 1.5, height: PAGE_HEIGHT, mt: 2, minHeight: 420 }} data-chats-page="wide">
        <Box sx={{ width: { md: 340, xl: 400 }, flexShrink: 0, minHeight: 0 }}>{list}</Box>
        <Box sx={{ flex: 1, minWidth: 0, minHeight: 0 }}>{pane(true)}</Box>
        {dialogs}
      </Box>
    );
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: PAGE_HEIGHT, mt: 1, minHeight: 420 }} data-chats-page="narrow">
      <Tabs value={narrowTab} onChange={(_, value: NarrowTab) => setNarrowTab(value)} variant="fullWidth" sx={{ minHeight: 40, mb: 1 }}>
        <Tab value="chats" label={translate('chats.tabs.chats')} sx={{ minHeight: 40 }} />
        <Tab value="messages" label={translate('chats.tabs.messages')} sx={{ minHeight: 40 }} />
      </Tabs>
      <Box sx={{ flex: 1, minHeight: 0, display: narrowTab === 'chats' ? 'block' : 'none' }}>{list}</Box>
      <Box sx={{ flex: 1, minHeight: 0, display: narrowTab === 'messages' ? 'block' : 'none' }}>{pane(narrowTab === 'messages')}</Box>
      {dialogs}
    </Box>
  );
}
