import { Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useSidebarState, useTranslate } from 'react-admin';
import { api } from '../providers/httpClient';

/** The product version (GET /version), shown while the menu is expanded. */
export function VersionText() {
  const translate = useTranslate();
  const [open] = useSidebarState();
  const [version, setVersion] = useState<string>();

  useEffect(() => {
    api
      .get<{ version: string }>('/version')
      .then((answer) => setVersion(answer.version))
      .catch(() => undefined);
  }, []);

  if (!open || !version) return null;
  return (
    <Typography variant="caption" color="text.secondary" sx={{ px: 2, py: 1.5, display: 'block' }}>
      {translate('menu.version', { version })}
    </Typography>
  );
}
