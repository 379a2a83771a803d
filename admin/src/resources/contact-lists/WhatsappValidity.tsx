import Block from '@mui/icons-material/Block';
import CheckCircle from '@mui/icons-material/CheckCircle';
import HelpOutlineOutlined from '@mui/icons-material/HelpOutlineOutlined';
import { Tooltip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { ContactListItem } from './types';

/** The row's WhatsApp check: valid (green), not on WhatsApp (red, never sent to) or not checked yet (grey). */
export function WhatsappValidity() {
  const item = useRecordContext<ContactListItem>();
  const translate = useTranslate();
  if (!item) return null;
  const [label, icon] =
    item.isWhatsappValid === true
      ? ['contactListItems.valid', <CheckCircle key="v" fontSize="small" sx={{ color: 'success.main' }} />]
      : item.isWhatsappValid === false
        ? ['contactListItems.invalid', <Block key="i" fontSize="small" sx={{ color: 'error.main' }} />]
        : ['contactListItems.unchecked', <HelpOutlineOutlined key="u" fontSize="small" sx={{ color: 'text.disabled' }} />];
  return (
    <Tooltip title={translate(label)}>
      <span role="img" aria-label={translate(label)} data-valid={String(item.isWhatsappValid)} style={{ display: 'inline-flex' }}>
        {icon}
      </span>
    </Tooltip>
  );
}
