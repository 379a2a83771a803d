import { Box, Button, Divider, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useNotifyError } from '../../hooks/useNotifyError';
import { useAppDataProvider } from '../../providers/dataProvider';
import { ApiError } from '../../providers/httpClient';
import { VCARD_CHECK_DELAY_MS } from './constants';
import { ContactAvatar } from './ContactAvatar';
import { QueuePickerDialog } from './QueuePickerDialog';
import { parseVcard } from './sharedContent';
import type { ContactOption } from './types';
import { useCreateTicket } from './useCreateTicket';

type Check = { state: 'checking' } | { state: 'known'; contact: ContactOption } | { state: 'unknown' } | { state: 'outside' };

/**
 * A shared contact card: after 1500 ms the number is looked up among the contacts; 'Conversar' creates the contact
 * when needed and asks for the queue ('Selecione a Fila') before opening the chat on this ticket's connection.
 */
export function VcardMessage({ body, whatsappId, readOnly }: { body: string; whatsappId: number | null; readOnly?: boolean }) {
  const dataProvider = useAppDataProvider();
  const translate = useTranslate();
  const notifyError = useNotifyError();
  const shared = parseVcard(body);
  const [check, setCheck] = useState<Check>({ state: 'checking' });
  const [picking, setPicking] = useState<ContactOption | null>(null);
  const { create, busy } = useCreateTicket(() => setPicking(null));
  const number = shared?.number;

  useEffect(() => {
    if (!number) return;
    let current = true;
    const timer = setTimeout(() => {
      dataProvider
        .getList<ContactOption>('contacts', { filter: { q: number }, pagination: { page: 1, perPage: 20 }, sort: { field: 'name', order: 'ASC' } })
        .then(({ data }) => {
          const found = data.find((contact) => contact.number.replace(/\D/g, '') === number);
          if (current) setCheck(found ? { state: 'known', contact: found } : { state: 'unknown' });
        })
        .catch(() => current && setCheck({ state: 'unknown' }));
    }, VCARD_CHECK_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [number, dataProvider.getList]);

  if (!shared) return <Typography variant="body2">{body}</Typography>;

  const startChat = async () => {
    if (check.state === 'known') {
      setPicking(check.contact);
      return;
    }
    try {
      const { data: contact } = await dataProvider.create<ContactOption>('contacts', {
        data: { name: shared.name, number: shared.number, email: '', extraInfo: [] },
      });
      setCheck({ state: 'known', contact });
      setPicking(contact);
    } catch (error) {
      const body = error instanceof ApiError ? (error.body as { existingContact?: ContactOption; invalido?: boolean; error?: string } | undefined) : undefined;
      if (body?.existingContact) {
        setCheck({ state: 'known', contact: body.existingContact });
        setPicking(body.existingContact);
      } else if (body?.invalido || body?.error === 'ERR_WAPP_INVALID_CONTACT') setCheck({ state: 'outside' });
      else notifyError(error);
    }
  };

  return (
    <Box sx={{ minWidth: 220 }} data-vcard>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 0.5 }}>
        <ContactAvatar name={shared.name} src={check.state === 'known' ? check.contact.profilePicUrl : null} size={40} />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="subtitle2" noWrap>
            {shared.name}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {shared.number}
          </Typography>
        </Box>
      </Box>
      {!readOnly && (
        <>
          <Divider sx={{ my: 0.5 }} />
          <Button
            fullWidth
            size="small"
            onClick={startChat}
            disabled={check.state === 'checking' || check.state === 'outside' || busy}
            color={check.state === 'outside' ? 'error' : 'primary'}
          >
            {translate(check.state === 'outside' ? 'tickets.messages.outsideWhatsapp' : 'tickets.messages.startChat')}
          </Button>
        </>
      )}
      {picking && <QueuePickerDialog busy={busy} onClose={() => setPicking(null)} onConfirm={(queueId) => create(picking.id, queueId, whatsappId)} />}
    </Box>
  );
}
