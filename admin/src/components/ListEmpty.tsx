import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';

/** What a DataTable shows when nothing matched (catalog key). */
export function ListEmpty({ message }: { message: string }) {
  const translate = useTranslate();
  return <Box sx={{ p: 3, textAlign: 'center', color: 'text.secondary' }}>{translate(message)}</Box>;
}
