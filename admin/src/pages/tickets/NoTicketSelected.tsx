import WhatsApp from '@mui/icons-material/WhatsApp';
import { useTranslate } from 'react-admin';
import { EmptyPane } from '../../components/EmptyPane';

/** The logo placeholder shown while no ticket is open. */
export function NoTicketSelected() {
  const translate = useTranslate();
  return (
    <EmptyPane
      icon={<WhatsApp sx={{ fontSize: 72 }} />}
      size={120}
      title={translate('app.name')}
      text={translate('tickets.noTicketSelected')}
      marker="data-no-ticket"
    />
  );
}
