import OpenInNew from '@mui/icons-material/OpenInNew';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Help } from './types';
import { embedUrl, watchUrl } from './video';

/** The player of a help video, embedded from the video site; Escape or Fechar closes it. */
export function HelpVideoDialog({ help, onClose }: { help: Help; onClose(): void }) {
  const translate = useTranslate();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="help-video-title">
      <DialogTitle id="help-video-title">{help.title}</DialogTitle>
      <DialogContent dividers>
        {help.video ? (
          <Box
            component="iframe"
            src={embedUrl(help.video)}
            title={translate('helpGallery.player', { title: help.title })}
            allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
            allowFullScreen
            sx={{ display: 'block', width: '100%', aspectRatio: '16 / 9', border: 0, bgcolor: 'common.black' }}
          />
        ) : (
          <Typography color="text.secondary">{translate('helpGallery.noVideo')}</Typography>
        )}
        {help.description && <Typography sx={{ mt: 2, whiteSpace: 'pre-line' }}>{help.description}</Typography>}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        {help.video && (
          <Button href={watchUrl(help.video)} target="_blank" rel="noopener noreferrer" endIcon={<OpenInNew />} sx={{ mr: 'auto' }}>
            {translate('helpGallery.watchOnSite')}
          </Button>
        )}
        <Button variant="contained" onClick={onClose}>
          {translate('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
