import { useAppDataProvider } from '../../providers/dataProvider';
import Send from '@mui/icons-material/Send';
import { IconButton, InputBase, Paper, Tooltip } from '@mui/material';
import { type KeyboardEvent, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { ignoreFailure } from './chatMethods';
import type { ChatMessage } from './types';

const MAX_ROWS = 5;

/** The pane's input: Enter sends, Shift+Enter breaks the line; blank text is not sent. */
export function ChatInput({ chatId, onSent }: { chatId: number; onSent(message: ChatMessage): void }) {
  const dataProvider = useAppDataProvider();
  const translate = useTranslate();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLTextAreaElement>(null);

  const send = async () => {
    const message = text.trim();
    if (busy || !message) return;
    setBusy(true);
    try {
      onSent(await dataProvider.sendChatMessage(chatId, message));
      setText('');
    } catch (error) {
      ignoreFailure(error);
    } finally {
      setBusy(false);
      inputRef.current?.focus();
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement | HTMLInputElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <Paper square elevation={0} sx={{ display: 'flex', alignItems: 'flex-end', gap: 1, p: 1, borderTop: 1, borderColor: 'divider' }}>
      <InputBase
        inputRef={inputRef}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        multiline
        maxRows={MAX_ROWS}
        autoFocus
        placeholder={translate('chats.messages.placeholder')}
        inputProps={{ 'aria-label': translate('chats.messages.placeholder') }}
        sx={{ flex: 1, px: 1.5, py: 1, borderRadius: 3, bgcolor: 'action.hover' }}
      />
      <Tooltip title={translate('chats.messages.send')}>
        <span>
          <IconButton color="primary" aria-label={translate('chats.messages.send')} disabled={busy || !text.trim()} onClick={() => void send()}>
            <Send />
          </IconButton>
        </span>
      </Tooltip>
    </Paper>
  );
}
