import { Button, CircularProgress } from '@mui/material';
import { useFormState } from 'react-hook-form';
import { useTranslate } from 'react-admin';

/** The submit button of a react-admin Form, busy while the form submits. */
export function SubmitButton({ label, fullWidth = true }: { label: string; fullWidth?: boolean }) {
  const translate = useTranslate();
  const { isSubmitting } = useFormState();
  return (
    <Button
      type="submit"
      variant="contained"
      size={fullWidth ? 'large' : 'medium'}
      fullWidth={fullWidth}
      disabled={isSubmitting}
      startIcon={isSubmitting && <CircularProgress size={18} color="inherit" />}
      sx={fullWidth ? { mt: 2 } : undefined}
    >
      {translate(label)}
    </Button>
  );
}
