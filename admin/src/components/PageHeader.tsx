import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/** A screen's title (catalog key) with its actions on the right. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2, my: 2 }}>
      <Typography variant="h5" component="h1" sx={{ flexGrow: 1, fontWeight: 500 }}>
        {translate(title)}
      </Typography>
      {children}
    </Box>
  );
}
