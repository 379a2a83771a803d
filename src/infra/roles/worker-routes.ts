import type { NextFunction, Request, Response } from 'express';

/** What a worker process (ROLE=worker) answers over HTTP: its health, its metrics, and the simulated phones it runs (outside production). */
const WORKER_ROUTES = /^\/(api\/(health|dev\/simulator|dev\/phone)|metrics)(\/|$)/;

/** The API is served by the API processes; a worker answers only its own routes, so a misrouted proxy is noticed. */
export function workerRoutesOnly(req: Request, res: Response, next: NextFunction): void {
  if (WORKER_ROUTES.test(req.path)) {
    next();
    return;
  }
  res.status(404).json({ error: 'ERR_NOT_FOUND', message: 'This is a worker process (ROLE=worker): the API is served by the API processes' });
}
