import { Box, Button, Divider, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
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
import { cachedVcardAnswer, checkVcardNumber, rememberVcardAnswer, type VcardAnswer, vcardAnswerOf } from './vcardCheckCache';

type Check = { state: 'checking' } | VcardAnswer;

/** The numbers the server checks (POST /contacts/whatsapp-check takes 8 to 20 digits). */
const CHECKABLE = /^\d{8,20}$/;

/**
 * A shared contact card: once the card has been on screen for 1500 ms the number is checked on WhatsApp through this
 * ticket's connection (a contact of the company with the number answers from what it keeps); a number not on WhatsApp
 * shows 'CONTATO FORA DO WHATSAPP'. The answer is kept for the browser session, so scrolling back or re-rendering
 * does not ask again. 'Conversar' creates the contact when needed and asks for the queue ('Selecione a Fila') before
 * opening the chat on this ticket's connection.
 */
export function VcardMessage({ body, whatsappId, readOnly }: { body: string; whatsappId: number | null; readOnly?: boolean }) {
  const dataProvider = useAppDataProvider();
  const translate = useTranslate();
  const notifyError = useNotifyError();
  const shared = parseVcard(body);
  const number = shared?.number;
  const [check, setCheck] = useState<Check>(() => (number && cachedVcardAnswer(number)) || { state: 'checking' });
  const [picking, setPicking] = useState<ContactOption | null>(null);
  const { create, busy } = useCreateTicket(() => setPicking(null));
  const cardRef = useRef<HTMLDivElement>(null);

  const settle = (answer: VcardAnswer) => {
    if (number) rememberVcardAnswer(number, answer);
    setCheck(answer);
  };

  useEffect(() => {
    if (!number) return;
    const known = cachedVcardAnswer(number);
    if (known) {
      setCheck(known);
      return;
    }
    let current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A number the server would refuse is not asked about: 'Conversar' tells what is wrong with it.
    const lookup = async (): Promise<VcardAnswer> =>
      CHECKABLE.test(number) ? vcardAnswerOf(await dataProvider.checkWhatsappNumber(number, whatsappId)) : { state: 'unknown' };
    const start = () => {
      if (timer) return;
      timer = setTimeout(() => {
        checkVcardNumber(number, lookup)
          .then((answer) => current && setCheck(answer))
          .catch(() => current && setCheck({ state: 'unknown' }));
      }, VCARD_CHECK_DELAY_MS);
    };
    const stop = () => {
      clearTimeout(timer);
      timer = undefined;
    };
    // The check runs for cards the reader sees: one scrolled past before the delay is not checked.
    const element = cardRef.current;
    if (!element || typeof IntersectionObserver === 'undefined') start();
    const observer =
      element && typeof IntersectionObserver !== 'undefined'
        ? new IntersectionObserver((entries) => (entries.some((entry) => entry.isIntersecting) ? start() : stop()))
        : undefined;
    if (element) observer?.observe(element);
    return () => {
      current = false;
      stop();
      observer?.disconnect();
    };
  }, [number, whatsappId, dataProvider.checkWhatsappNumber]);

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
      settle({ state: 'known', contact });
      setPicking(contact);
    } catch (error) {
      const body = error instanceof ApiError ? (error.body as { existingContact?: ContactOption; invalido?: boolean; error?: string } | undefined) : undefined;
      if (body?.existingContact) {
        settle({ state: 'known', contact: body.existingContact });
        setPicking(body.existingContact);
      } else if (body?.invalido || body?.error === 'ERR_WAPP_INVALID_CONTACT') settle({ state: 'outside' });
      else notifyError(error);
    }
  };

  return (
    <Box ref={cardRef} sx={{ minWidth: 220 }} data-vcard={shared.number} data-vcard-check={check.state}>
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
