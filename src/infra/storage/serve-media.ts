import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { MediaLinks, staysInside } from './media-links.js';

/** Media stays in the browser's own cache only: never in a shared proxy or CDN. */
const PRIVATE_CACHE = 'private, max-age=604800, immutable';

/** `/public/{company}/{generated}.{ext}`: the unguessable names the browser's <img>, <audio> and links use. */
export function publicMedia(root: string): Router {
  const router = express.Router();
  router.use(
    express.static(root, {
      index: false,
      dotfiles: 'deny',
      fallthrough: false,
      cacheControl: false,
      setHeaders: (res) => res.setHeader('Cache-Control', PRIVATE_CACHE),
    }),
  );
  return router;
}

/** `/media/{token}`: a signed link handed to an integration, valid until it expires. */
export function signedMedia(links: MediaLinks, root: string) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path !== '/') {
      next();
      return;
    }
    const opened = links.open(String(req.params.token ?? ''));
    const refuse = (error: 'ERR_MEDIA_LINK_INVALID' | 'ERR_MEDIA_LINK_EXPIRED') => {
      const status = error === 'ERR_MEDIA_LINK_EXPIRED' ? 410 : 404;
      res
        .status(status)
        .setHeader('Cache-Control', 'no-store')
        .json({ error, message: status === 410 ? 'The link has expired' : 'Unknown link' });
    };
    if ('error' in opened) {
      refuse(opened.error);
      return;
    }
    // A symbolic link inside the media folder must not lead out of it either.
    void staysInside(root, opened.absolute).then((inside) => {
      if (!inside) {
        refuse('ERR_MEDIA_LINK_INVALID');
        return;
      }
      res.setHeader('Cache-Control', 'private, no-store');
      res.sendFile(opened.path, { root, dotfiles: 'deny' }, (error) => {
        if (error && !res.headersSent) res.status(404).json({ error: 'ERR_MEDIA_LINK_INVALID', message: 'Unknown link' });
        else if (error) next(error);
      });
    }, next);
  };
}
