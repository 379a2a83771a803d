import { useListContext } from 'react-admin';
import { QrCodeDialog } from './QrCodeDialog';
import type { Connection } from './types';

/** The QR dialog of a listed connection, following the live row; it goes when the connection does. */
export function LiveQrCodeDialog({ id, onClose }: { id: number | null; onClose(): void }) {
  const { data } = useListContext<Connection>();
  const connection = id === null ? undefined : data?.find((known) => known.id === id);
  return connection ? <QrCodeDialog connection={connection} onClose={onClose} /> : null;
}
