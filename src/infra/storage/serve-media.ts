import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type NextFunction, type Request, type RequestHandler, type Response, type Router } from 'express';
import type { AppConfig } from '../../config/app-config.js';
import { confinedPath, staysInside } from './confined-path.js';
import { publicRoot } from './local-storage.adapter.js';
import { MediaLinks, SIGNED_MEDIA_PREFIX } from './media-links.js';
import { sendStored } from './send-stored.js';
import { PATH_PATTERN } from './stored-path.js';
import type { StoragePort } from './storage.port.js';

/** Media stays in the browser's own cache only: never in a shared proxy or CDN. */
const PRIVATE_CACHE = 'private, max-age=604800, immutable';
/** A signed link is not kept at all: it expires. */
const SIGNED_CACHE = 'private, no-store';

type LinkError = 'ERR_MEDIA_LINK_INVALID' | 'ERR_MEDIA_LINK_EXPIRED';
/** Answers with the stored file at `path` (already checked against PATH_PATTERN), or calls `missing`. */
type SendFile = (path: string, req: Request, res: Response, next: NextFunction, missing: () => void) => void;

/**
 * `/public/{company}/{generated}.{ext}` and `/media/{token}`: from the data directory with express.static and
 * sendFile (ranges, ETags) when files are local, streamed through the storage port when they are in S3.
 */
export function mountMedia(app: NestExpressApplication, config: AppConfig, storage: StoragePort, links: MediaLinks): void {
  if (config.storage.driver === 's3') {
    app.use('/public', storedPublicMedia(storage));
    app.use(`${SIGNED_MEDIA_PREFIX}/:token`, signedMedia(links, fromStorage(storage)));
    return;
  }
  const root = publicRoot(config);
  app.use('/public', publicMedia(root));
  app.use(`${SIGNED_MEDIA_PREFIX}/:token`, signedMedia(links, fromDisk(root)));
}

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

/** The same addresses served from the storage port. */
export function storedPublicMedia(storage: StoragePort): RequestHandler {
  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.status(405).setHeader('Allow', 'GET, HEAD').end();
      return;
    }
    const path = req.path.slice(1);
    const notFound = () => void res.status(404).setHeader('Cache-Control', 'no-store').json({ error: 'ERR_NOT_FOUND', message: 'Not found' });
    if (!PATH_PATTERN.test(path)) return notFound();
    sendStored(storage, path, PRIVATE_CACHE, req, res, notFound);
  };
}

/** `/media/{token}`: a signed link handed to an integration, valid until it expires. */
export function signedMedia(links: MediaLinks, send: SendFile): RequestHandler {
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path !== '/') {
      next();
      return;
    }
    const opened = links.open(String(req.params.token ?? ''));
    const refuse = (error: LinkError) => {
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
    send(opened.path, req, res, next, () => refuse('ERR_MEDIA_LINK_INVALID'));
  };
}

/** From the data directory: confined to it, symbolic links included. */
function fromDisk(root: string): SendFile {
  return (path, _req, res, next, missing) => {
    const absolute = confinedPath(root, path);
    if (!absolute) return missing();
    // A symbolic link inside the media folder must not lead out of it either.
    void staysInside(root, absolute).then((inside) => {
      if (!inside) return missing();
      res.setHeader('Cache-Control', SIGNED_CACHE);
      res.sendFile(path, { root, dotfiles: 'deny' }, (error) => {
        if (error && !res.headersSent) missing();
        else if (error) next(error);
      });
    }, next);
  };
}

function fromStorage(storage: StoragePort): SendFile {
  return (path, req, res, _next, missing) => sendStored(storage, path, SIGNED_CACHE, req, res, missing);
}
