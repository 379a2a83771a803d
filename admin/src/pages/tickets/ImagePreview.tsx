import { Box, Dialog } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';

/** A picture in a bubble; a click shows it full size. */
export function ImagePreview({ src, alt, sticker }: { src: string; alt: string; sticker?: boolean }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const size = sticker ? 140 : 250;
  return (
    <>
      <Box
        component="button"
        type="button"
        onClick={() => setOpen(true)}
        aria-label={translate('tickets.messages.openImage')}
        sx={{ p: 0, border: 0, bgcolor: 'transparent', cursor: 'zoom-in', display: 'block' }}
      >
        <Box
          component="img"
          src={src}
          alt={alt}
          loading="lazy"
          sx={{ display: 'block', maxWidth: size, maxHeight: size, width: sticker ? size : 'auto', objectFit: 'cover', borderRadius: 1 }}
        />
      </Box>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="lg">
        <Box component="img" src={src} alt={alt} onClick={() => setOpen(false)} sx={{ display: 'block', maxWidth: '90vw', maxHeight: '85vh' }} />
      </Dialog>
    </>
  );
}
