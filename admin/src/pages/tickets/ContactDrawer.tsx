import Close from '@mui/icons-material/Close';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { Box, Button, Divider, Drawer, IconButton, Link, Paper, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { ContactDialog } from '../../resources/contacts/ContactDialog';
import type { Contact } from '../../resources/contacts/types';
import { ContactAvatar } from './ContactAvatar';
import { TicketNotes } from './TicketNotes';
import type { Ticket, TicketContact } from './types';

export const CONTACT_DRAWER_WIDTH = 320;

/** Contact details, edit (the contacts screen's dialog), ticket notes and extra info. */
export function ContactDrawer({
  ticket,
  open,
  inline,
  onClose,
  onContactSaved,
}: {
  ticket: Ticket;
  open: boolean;
  /** Wide screens: beside the conversation; narrow ones: over it. */
  inline: boolean;
  onClose(): void;
  onContactSaved(contact: TicketContact): void;
}) {
  const translate = useTranslate();
  const [editing, setEditing] = useState(false);
  const contact = ticket.contact;
  if (!contact) return null;

  const content = (
    <Box
      sx={{ width: inline ? CONTACT_DRAWER_WIDTH : { xs: '100vw', sm: CONTACT_DRAWER_WIDTH }, height: '100%', display: 'flex', flexDirection: 'column' }}
      data-contact-drawer
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 1, py: 1, borderBottom: 1, borderColor: 'divider' }}>
        <IconButton aria-label={translate('common.close')} onClick={onClose}>
          <Close />
        </IconButton>
        <Typography variant="subtitle1" sx={{ fontWeight: 500 }}>
          {translate('tickets.contact.title')}
        </Typography>
      </Box>
      <Box sx={{ flex: 1, overflowY: 'auto', p: 2, bgcolor: 'background.default' }}>
        <Paper variant="outlined" sx={{ p: 2, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 0.5, textAlign: 'center' }}>
          <ContactAvatar name={contact.name} src={contact.profilePicUrl} size={96} />
          <Typography variant="h6" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
            {contact.name}
          </Typography>
          <Link href={`tel:${contact.number}`} variant="body2">
            {contact.number}
          </Link>
          {contact.email && (
            <Link href={`mailto:${contact.email}`} variant="body2">
              {contact.email}
            </Link>
          )}
          {contact.whatsapp && (
            <Typography variant="caption" color="text.secondary">
              {translate('contacts.form.whatsapp')}: {contact.whatsapp.name}
            </Typography>
          )}
          <Button variant="outlined" size="small" startIcon={<EditOutlined />} onClick={() => setEditing(true)} sx={{ mt: 1 }}>
            {translate('tickets.contact.edit')}
          </Button>
        </Paper>
        <Paper variant="outlined" sx={{ p: 2, mt: 2 }}>
          <Typography variant="subtitle2" gutterBottom>
            {translate('tickets.notes.title')}
          </Typography>
          <TicketNotes ticketId={ticket.id} contactId={contact.id} />
        </Paper>
        <Paper variant="outlined" sx={{ p: 2, mt: 2 }}>
          <Typography variant="subtitle2" gutterBottom>
            {translate('tickets.contact.extraInfo')}
          </Typography>
          {contact.extraInfo?.length ? (
            contact.extraInfo.map((info, index) => (
              <Box key={info.id ?? index} sx={{ py: 0.75 }}>
                {index > 0 && <Divider sx={{ mb: 0.75 }} />}
                <Typography variant="caption" color="text.secondary">
                  {info.name}
                </Typography>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {info.value}
                </Typography>
              </Box>
            ))
          ) : (
            <Typography variant="body2" color="text.secondary">
              {translate('tickets.contact.noExtraInfo')}
            </Typography>
          )}
        </Paper>
      </Box>
      {editing && (
        <ContactDialog contactId={contact.id} onClose={() => setEditing(false)} onSaved={(saved: Contact) => onContactSaved({ ...contact, ...saved })} />
      )}
    </Box>
  );

  if (inline) {
    return open ? <Box sx={{ borderLeft: 1, borderColor: 'divider', flexShrink: 0, height: '100%', bgcolor: 'background.paper' }}>{content}</Box> : null;
  }
  return (
    <Drawer anchor="right" open={open} onClose={onClose}>
      {content}
    </Drawer>
  );
}
