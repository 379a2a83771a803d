import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import { Button } from '@mui/material';
import { useRef, useState } from 'react';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import { useAccess } from '../../hooks/useAccess';
import { API_URL, ApiError, httpClient } from '../../providers/httpClient';

interface ImportAnswer {
  created: number;
  existing: number;
  duplicates: number;
  invalid: number;
}

/** Import contacts (POST /contacts/import) from a .csv, .xls or .xlsx with nome/numero/email columns; the admins' tool. */
export function ContactImportButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const isAdmin = useAccess()?.isAdmin ?? false;
  if (!isAdmin) return null;

  const send = async (file: File) => {
    setBusy(true);
    try {
      const body = new FormData();
      body.append('file', file, file.name);
      const { json } = await httpClient<ImportAnswer>(`${API_URL}/contacts/import`, { method: 'POST', body });
      notify('contactsImport.done', { type: 'success', messageArgs: { ...json, smart_count: json.created } });
      refresh();
    } catch (error) {
      notify(error instanceof ApiError ? error.message : 'errors.generic', { type: 'error' });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <>
      <input
        ref={input}
        type="file"
        hidden
        accept=".csv,.xls,.xlsx"
        data-contact-import-input
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void send(file);
        }}
      />
      <Button startIcon={<FileUploadOutlined />} disabled={busy} onClick={() => input.current?.click()} title={translate('contactsImport.help')}>
        {translate('contactsImport.button')}
      </Button>
    </>
  );
}
