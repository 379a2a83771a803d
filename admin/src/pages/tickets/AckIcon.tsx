import AccessTime from '@mui/icons-material/AccessTime';
import Done from '@mui/icons-material/Done';
import DoneAll from '@mui/icons-material/DoneAll';
import { useTranslate } from 'react-admin';

const iconSx = { fontSize: 16, verticalAlign: 'middle' } as const;

/** Core §4: 0 clock; 1–2 single tick; 3 double tick; 4–5 blue double tick. */
export function AckIcon({ ack }: { ack: number }) {
  const translate = useTranslate();
  const label = translate(`tickets.messages.ack.${Math.max(0, Math.min(5, ack))}`);
  if (ack <= 0) return <AccessTime sx={iconSx} aria-label={label} data-ack={ack} />;
  if (ack <= 2) return <Done sx={iconSx} aria-label={label} data-ack={ack} />;
  if (ack === 3) return <DoneAll sx={iconSx} aria-label={label} data-ack={ack} />;
  return <DoneAll sx={{ ...iconSx, color: '#2196f3' }} aria-label={label} data-ack={ack} />;
}
