import { useAppDataProvider } from '../../providers/dataProvider';
import AttachFile from '@mui/icons-material/AttachFile';
import Create from '@mui/icons-material/Create';
import Mic from '@mui/icons-material/Mic';
import Send from '@mui/icons-material/Send';
import { Box, CircularProgress, IconButton, InputBase, Paper, Tooltip } from '@mui/material';
import { type KeyboardEvent, useMemo, useRef, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useNotifyError } from '../../hooks/useNotifyError';
import { AttachmentStrip } from './AttachmentStrip';
import { INPUT_MAX_ROWS, MIN_RECORDING_BYTES } from './constants';
import { EmojiPicker } from './EmojiPicker';
import { FileListConfirmDialog } from './FileListConfirmDialog';
import { FileListPicker } from './FileListPicker';
import type { FileListResponse } from '../../../../src/shared/campaign-api-types';
import { QUICK_LIST_ID, QuickMessageSuggestions, quickOptionId } from './QuickMessageSuggestions';
import { RecordingBar } from './RecordingBar';
import { useReply } from './ReplyContext';
import { ReplyPreview } from './ReplyPreview';
import type { Message, QuickMessage, Ticket } from './types';
import { useAgent } from './useAgent';
import { useAudioRecorder } from './useAudioRecorder';
import { useQuickMessages } from './useLookups';
import { signed, useSignOption } from './useSignOption';

/** The quick replies whose shortcode or text has what follows '/' ('/' alone: all of them). */
const matchQuick = (quickMessages: QuickMessage[], typed: string) => {
  const wanted = typed.toLowerCase();
  if (!wanted) return quickMessages;
  const byShortcode = quickMessages.filter((quick) => quick.shortcode.toLowerCase().includes(wanted));
  const byText = quickMessages.filter((quick) => !byShortcode.includes(quick) && quick.message.toLowerCase().includes(wanted));
  return [...byShortcode, ...byText];
};

const asList = (answer: Message | Message[] | undefined): Message[] =>
  Array.isArray(answer) ? answer : answer && typeof answer === 'object' && 'id' in answer ? [answer] : [];

/**
 * The message input: up to 5 rows, Enter sends (Shift+Enter breaks the line), blank text is not sent; signature,
 * emoji, attachments with a caption, file lists, '/' quick replies (all of them, narrowed as one types), reply, audio recording.
 */
export function MessageInput({ ticket, onSent }: { ticket: Ticket; onSent(messages: Message[]): void }) {
  const dataProvider = useAppDataProvider();
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const agent = useAgent();
  const { replyingTo, setReplyingTo } = useReply();
  const quickMessages = useQuickMessages();
  const recorder = useAudioRecorder();
  const [sign, setSign] = useSignOption();
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  // A file list is shown first (message and files) and goes only once confirmed.
  const [confirmingList, setConfirmingList] = useState<FileListResponse | null>(null);
  const [active, setActive] = useState(0);
  const [quickDismissed, setQuickDismissed] = useState(false);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const disabled = ticket.status !== 'open';

  const suggestions = useMemo(() => {
    if (quickDismissed || !text.startsWith('/') || text.includes('\n')) return [];
    return matchQuick(quickMessages, text.slice(1));
  }, [text, quickMessages, quickDismissed]);

  const finish = (answer: Message | Message[] | undefined) => {
    onSent(asList(answer));
    setText('');
    setFiles([]);
    setReplyingTo(null);
    inputRef.current?.focus();
  };

  const send = async () => {
    const trimmed = text.trim();
    if (busy || disabled || (!trimmed && !files.length)) return;
    setBusy(true);
    try {
      const quoted = replyingTo?.id ?? null;
      const answer = files.length
        ? await dataProvider.sendMediaMessage(ticket.id, files, trimmed, quoted)
        : await dataProvider.sendTextMessage(ticket.id, signed(trimmed, agent?.name ?? '', sign), quoted);
      finish(answer);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  /** A file list goes at once: its message and files, as the server has them. */
  const sendFileList = async (fileListId: number) => {
    if (busy || disabled) return;
    setBusy(true);
    try {
      onSent(asList(await dataProvider.sendFileList(ticket.id, fileListId)));
      inputRef.current?.focus();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  const pickQuick = async (quick: QuickMessage) => {
    setText(quick.message);
    setQuickDismissed(true);
    inputRef.current?.focus();
    if (!quick.mediaUrl) return;
    try {
      const response = await fetch(quick.mediaUrl);
      const blob = await response.blob();
      const name = quick.mediaName || quick.mediaUrl.split('/').pop() || 'arquivo';
      setFiles((current) => [...current, new File([blob], name, { type: blob.type })]);
    } catch (error) {
      notifyError(error);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement | HTMLInputElement>) => {
    if (suggestions.length) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((index) => (index + step + suggestions.length) % suggestions.length);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        const quick = suggestions[Math.min(active, suggestions.length - 1)];
        if (quick) void pickQuick(quick);
        return;
      }
      if (event.key === 'Escape') {
        // Closes the list only, not a dialog or drawer around the input.
        event.stopPropagation();
        setQuickDismissed(true);
        return;
      }
    }
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  const insertEmoji = (emoji: string) => {
    const input = inputRef.current;
    const start = input?.selectionStart ?? text.length;
    const end = input?.selectionEnd ?? text.length;
    setText(text.slice(0, start) + emoji + text.slice(end));
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(start + emoji.length, start + emoji.length);
    });
  };

  const startRecording = async () => {
    try {
      await recorder.start();
    } catch (error) {
      notifyError(error);
    }
  };

  const sendRecording = async () => {
    const file = await recorder.stop();
    if (!file || file.size < MIN_RECORDING_BYTES) {
      notify('tickets.input.recordingTooShort', { type: 'info' });
      return;
    }
    setBusy(true);
    try {
      finish(await dataProvider.sendVoiceNote(ticket.id, file, replyingTo?.id ?? null));
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  const canSend = Boolean(text.trim() || files.length);
  const activeQuick = suggestions[Math.min(active, suggestions.length - 1)];
  const signLabel = translate(sign ? 'tickets.input.signOn' : 'tickets.input.signOff');

  return (
    <Paper square elevation={0} sx={{ borderTop: 1, borderColor: 'divider', position: 'relative' }} data-message-input>
      {replyingTo && <ReplyPreview message={replyingTo} contactName={ticket.contact?.name} onCancel={() => setReplyingTo(null)} />}
      <AttachmentStrip files={files} onRemove={(index) => setFiles((current) => current.filter((_, position) => position !== index))} />
      <QuickMessageSuggestions suggestions={suggestions} active={Math.min(active, suggestions.length - 1)} onPick={(quick) => void pickQuick(quick)} />
      <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: { xs: 0.25, sm: 0.5 }, px: 1, py: 1, '& .MuiIconButton-root': { p: { xs: 0.5, sm: 1 } } }}>
        {recorder.state === 'recording' ? (
          <RecordingBar seconds={recorder.seconds} busy={busy} onCancel={recorder.cancel} onSend={() => void sendRecording()} />
        ) : (
          <>
            <EmojiPicker disabled={disabled} onPick={insertEmoji} />
            <Tooltip title={translate('tickets.input.attach')}>
              <span>
                <IconButton aria-label={translate('tickets.input.attach')} disabled={disabled} onClick={() => fileRef.current?.click()}>
                  <AttachFile />
                </IconButton>
              </span>
            </Tooltip>
            <input
              ref={fileRef}
              type="file"
              multiple
              hidden
              data-attach-input
              onChange={(event) => {
                const chosen = Array.from(event.target.files ?? []);
                if (chosen.length) setFiles((current) => [...current, ...chosen]);
                event.target.value = '';
              }}
            />
            <FileListPicker disabled={disabled || busy} onPick={setConfirmingList} />
            <Tooltip title={signLabel}>
              <span>
                <IconButton
                  aria-label={translate('tickets.input.sign')}
                  aria-pressed={sign}
                  disabled={disabled}
                  color={sign ? 'primary' : 'default'}
                  onClick={() => setSign(!sign)}
                >
                  <Create />
                </IconButton>
              </span>
            </Tooltip>
            <InputBase
              inputRef={inputRef}
              multiline
              maxRows={INPUT_MAX_ROWS}
              value={text}
              disabled={disabled || busy}
              onChange={(event) => {
                setText(event.target.value);
                setActive(0);
                // A new '/' (or text that is no shortcut) offers the list again after Escape or a pick.
                if (!event.target.value.startsWith('/') || event.target.value === '/') setQuickDismissed(false);
              }}
              onKeyDown={onKeyDown}
              placeholder={translate(disabled ? 'tickets.input.disabled' : files.length ? 'tickets.input.caption' : 'tickets.input.placeholder')}
              inputProps={{
                'aria-label': translate('tickets.input.placeholder'),
                'aria-expanded': suggestions.length > 0,
                'aria-controls': suggestions.length ? QUICK_LIST_ID : undefined,
                'aria-activedescendant': activeQuick ? quickOptionId(activeQuick) : undefined,
              }}
              sx={{ flex: 1, minWidth: 0, bgcolor: 'action.hover', borderRadius: 5, px: { xs: 1.5, sm: 2 }, py: 1, alignSelf: 'center' }}
            />
            {canSend || disabled ? (
              <Tooltip title={translate('tickets.input.send')}>
                <span>
                  <IconButton color="primary" aria-label={translate('tickets.input.send')} disabled={!canSend || busy || disabled} onClick={() => void send()}>
                    {busy ? <CircularProgress size={22} /> : <Send />}
                  </IconButton>
                </span>
              </Tooltip>
            ) : (
              <Tooltip title={translate('tickets.input.record')}>
                <span>
                  <IconButton aria-label={translate('tickets.input.record')} disabled={busy} onClick={() => void startRecording()}>
                    {busy ? <CircularProgress size={22} /> : <Mic />}
                  </IconButton>
                </span>
              </Tooltip>
            )}
          </>
        )}
      </Box>
      <FileListConfirmDialog
        list={confirmingList}
        onClose={() => setConfirmingList(null)}
        onConfirm={(list) => {
          setConfirmingList(null);
          void sendFileList(list.id);
        }}
      />
    </Paper>
  );
}
