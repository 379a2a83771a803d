import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { Button, Menu, MenuItem } from '@mui/material';
import { useId, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useAccess } from '../../hooks/useAccess';
import { API_URL } from '../../providers/httpClient';
import { session } from '../../providers/session';

type Format = 'csv' | 'xlsx';

/** Export every contact (GET /contacts/export) as .csv or .xlsx; the admins' tool, as the API rules it. */
export function ContactExportButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const menuId = useId();
  const isAdmin = useAccess()?.isAdmin ?? false;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  if (!isAdmin) return null;

  const download = async (format: Format) => {
    setAnchor(null);
    setBusy(true);
    try {
      const token = session.token();
      const response = await fetch(`${API_URL}/contacts/export?format=${format}`, {
        credentials: 'include',
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      });
      if (!response.ok) throw new Error(String(response.status));
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = `contatos.${format}`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      notify('contactsExport.failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        startIcon={<FileDownloadOutlined />}
        disabled={busy}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {translate('contactsExport.button')}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => void download('csv')}>{translate('contactsExport.csv')}</MenuItem>
        <MenuItem onClick={() => void download('xlsx')}>{translate('contactsExport.xlsx')}</MenuItem>
      </Menu>
    </>
  );
}
