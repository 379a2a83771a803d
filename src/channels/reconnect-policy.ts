const BASE_MS = 1000;
const MAX_MS = 60_000;

/** Exponential backoff with ±50 % jitter, so a fleet of sessions does not reconnect in lockstep. */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  const exponential = Math.min(MAX_MS, BASE_MS * 2 ** Math.max(0, attempt));
  return Math.round(exponential * (0.5 + random()));
}

/** After this many QR codes without a scan the session gives up (server-behaviour §2). */
export const MAX_QR_REFRESHES = 3;
