import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

interface PageHeaderProps {
  /** Catalog key of the title. */
  title: string;
  /** Values of the title's placeholders. */
  titleArgs?: Record<string, unknown>;
  children?: ReactNode;
}

/** A screen's title (catalog key) with its actions on the right. */
export function PageHeader({ title, titleArgs, children }: PageHeaderProps) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2, my: 2 }}>
      <Typography variant="h5" component="h1" sx={{ flexGrow: 1, fontWeight: 500 }}>
        {translate(title, titleArgs)}
      </Typography>
      {children}
    </Box>
  );
}
