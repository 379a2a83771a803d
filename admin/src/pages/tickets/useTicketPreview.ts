import { useCallback } from 'react';
import { useTranslate } from 'react-admin';
import { type MessagePreview, type PreviewTexts, ticketPreviewText } from '../../../../src/shared/message-preview';

const WORDS = ['photo', 'video', 'audio', 'document', 'sticker', 'location', 'contact', 'deleted'] as const;

/** The preview line of a ticket's last message (src/shared/message-preview.ts) in the screen's language. */
export function useTicketPreview(): (ticket: { lastMessage?: string | null; lastMessagePreview?: MessagePreview | null }) => string {
  const translate = useTranslate();
  return useCallback(
    (ticket) => {
      const texts = Object.fromEntries(WORDS.map((word) => [word, translate(`messagePreview.${word}`)])) as unknown as PreviewTexts;
      return ticketPreviewText(ticket, texts);
    },
    [translate],
  );
}
