import WhatsApp from '@mui/icons-material/WhatsApp';
import { IconButton, Tooltip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { chatBlock } from './startChat';
import type { Contact } from './types';

/**
 * A row's "start a conversation" action: opens the new-ticket dialog for the contact; disabled, with the reason as
 * its tooltip, when the contact has no number or is outside WhatsApp.
 */
export function StartChatButton({ onStart }: { onStart(contact: Contact): void }) {
  const contact = useRecordContext<Contact>();
  const translate = useTranslate();
  if (!contact) return null;
  const block = chatBlock(contact);
  const label = block ? translate(`contacts.startChat.${block}`) : translate('contacts.startChat.action', { name: contact.name });
  return (
    <Tooltip title={label}>
      {/* A disabled button takes no pointer events: the span carries the tooltip. */}
      <span data-start-chat={block ?? 'enabled'}>
        <IconButton aria-label={label} color="success" disabled={block !== null} onClick={() => onStart(contact)}>
          <WhatsApp fontSize="small" />
        </IconButton>
      </span>
    </Tooltip>
  );
}
