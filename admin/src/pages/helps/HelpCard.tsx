import { Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { HelpThumbnail } from './HelpThumbnail';
import type { Help } from './types';

const threeLines = { display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' } as const;

/** A gallery card: thumbnail, title and the start of the description; a click opens the player. */
export function HelpCard({ help, onOpen }: { help: Help; onOpen(): void }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" data-help-id={help.id} sx={{ height: '100%' }}>
      <CardActionArea
        onClick={onOpen}
        aria-label={translate('helpGallery.open', { title: help.title })}
        sx={{ height: '100%', alignItems: 'stretch', flexDirection: 'column', display: 'flex', justifyContent: 'flex-start' }}
      >
        <HelpThumbnail video={help.video} />
        <CardContent sx={{ width: '100%' }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 500, mb: 0.5 }}>
            {help.title}
          </Typography>
          {help.description && (
            <Typography variant="body2" color="text.secondary" sx={threeLines}>
              {help.description}
            </Typography>
          )}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
