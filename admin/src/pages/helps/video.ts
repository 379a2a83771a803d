/** The external video site the codes belong to (administration §2 "Help gallery"). */
const SITE = 'https://www.youtube.com';

export const VIDEO_CODE = /^[A-Za-z0-9_-]+$/;

export const thumbnailUrl = (code: string) => `https://img.youtube.com/vi/${encodeURIComponent(code)}/mqdefault.jpg`;

export const embedUrl = (code: string) => `${SITE}/embed/${encodeURIComponent(code)}?autoplay=1&rel=0`;

export const watchUrl = (code: string) => `${SITE}/watch?v=${encodeURIComponent(code)}`;
