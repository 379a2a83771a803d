import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { preferredConnection } from '../../resources/contacts/startChat';
import { ConnectionSelect } from './ConnectionSelect';
import { QueueSelect } from './QueueSelect';
import { useAgent } from './useAgent';
import { useConnectionOptions, useQueueOptions } from './useLookups';

type TargetErrors = { queue?: string; connection?: string };

/**
 * Where a new ticket goes, as both ticket-creating dialogs ask it: a queue (required unless admin, 'Selecione uma
 * fila'; preselected when the user has only one) and a connection (preselected: the contact's own when given, else
 * the default, else the first). `touched` tells the user's own picks from these preselections.
 */
export function useTicketTarget(contactConnectionId: number | null = null) {
  const translate = useTranslate();
  const agent = useAgent();
  const allQueues = useQueueOptions();
  const connections = useConnectionOptions();
  const queues = agent?.isAdmin ? allQueues : (agent?.queues ?? []);
  const [queueId, setQueueId] = useState<number | ''>('');
  const [whatsappId, setWhatsappId] = useState<number | ''>('');
  const [errors, setErrors] = useState<TargetErrors>({});
  const [touched, setTouched] = useState(false);

  useEffect(() => {
    if (whatsappId !== '') return;
    const preferred = preferredConnection(connections, contactConnectionId);
    if (preferred) setWhatsappId(preferred.id);
  }, [connections, contactConnectionId, whatsappId]);

  useEffect(() => {
    if (queueId === '' && queues.length === 1) setQueueId(queues[0]!.id);
  }, [queues, queueId]);

  /** Shows what is missing; true when the target is complete. */
  const validate = (): boolean => {
    const next: TargetErrors = {};
    if (queueId === '' && !agent?.isAdmin) next.queue = translate('tickets.newTicket.selectQueue');
    if (whatsappId === '') next.connection = translate('validation.required');
    setErrors(next);
    return Object.keys(next).length === 0;
  };

  const fields = (
    <>
      <QueueSelect
        queues={queues}
        value={queueId}
        onChange={(id) => {
          setQueueId(id);
          setTouched(true);
          setErrors(({ queue: _, ...rest }) => rest);
        }}
        required={!agent?.isAdmin}
        allowNone={agent?.isAdmin}
        error={errors.queue}
      />
      <ConnectionSelect
        connections={connections}
        value={whatsappId}
        onChange={(id) => {
          setWhatsappId(id);
          setTouched(true);
          setErrors(({ connection: _, ...rest }) => rest);
        }}
        error={errors.connection}
      />
    </>
  );

  return { queueId: queueId === '' ? null : queueId, whatsappId: whatsappId === '' ? null : whatsappId, touched, validate, fields };
}
