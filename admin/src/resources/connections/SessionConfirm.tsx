import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm } from 'react-admin';
import { useNotifyError } from '../../hooks/useNotifyError';
import { useAppDataProvider } from '../../providers/dataProvider';
import type { Connection } from './types';

/** What waits for the admin's yes: a disconnect, or a new external-API token that replaces the old one. */
export type Confirming = { kind: 'disconnect' | 'token'; connection: Pick<Connection, 'id' | 'name'> } | null;

interface SessionConfirmProps {
  confirming: Confirming;
  onClose(): void;
  /** The new token, to show once. */
  onToken(shown: { name: string; token: string }): void;
}

/** The confirmation before a disconnect (DELETE /whatsappsession/{id}) or a token regeneration. */
export function SessionConfirm({ confirming, onClose, onToken }: SessionConfirmProps) {
  const dataProvider = useAppDataProvider();
  const notifyError = useNotifyError();
  // The texts stay while the dialog fades out after the answer.
  const [shown, setShown] = useState(confirming);
  if (confirming && confirming !== shown) setShown(confirming);
  const { mutate, isPending } = useMutation({
    mutationFn: async ({ kind, connection }: NonNullable<Confirming>) => {
      if (kind === 'disconnect') return void (await dataProvider.disconnectConnectionSession(connection.id));
      const { token } = await dataProvider.regenerateConnectionToken(connection.id);
      onToken({ name: connection.name, token });
    },
    onError: notifyError,
    onSettled: onClose,
  });
  return (
    <Confirm
      isOpen={confirming !== null}
      loading={isPending}
      title={`connections.confirm.${shown?.kind ?? 'disconnect'}Title`}
      titleTranslateOptions={{ name: shown?.connection.name ?? '' }}
      content={`connections.confirm.${shown?.kind ?? 'disconnect'}Message`}
      onConfirm={() => confirming && mutate(confirming)}
      onClose={onClose}
    />
  );
}
