// What may be stored, and the extension each type gets. Names never come from the sender.
const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/aac': 'aac',
  'audio/wav': 'wav',
  'audio/webm': 'weba',
  'video/mp4': 'mp4',
  'video/3gpp': '3gp',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
  'application/pdf': 'pdf',
  'application/zip': 'zip',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.ms-excel': 'xls',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.ms-powerpoint': 'ppt',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/octet-stream': 'bin',
  'text/plain': 'txt',
  'text/csv': 'csv',
  'text/vcard': 'vcf',
};

export const MAX_MEDIA_BYTES = 100 * 1024 * 1024;

/** The bare type ("audio/ogg; codecs=opus" → "audio/ogg"), lower-cased. */
export const baseMimetype = (mimetype: string): string => mimetype.split(';')[0]!.trim().toLowerCase();

export function extensionFor(mimetype: string): string | null {
  return EXTENSIONS[baseMimetype(mimetype)] ?? null;
}

/** The message kind the browser draws for a stored type. */
export function mediaKindOf(mimetype: string): 'image' | 'audio' | 'video' | 'application' {
  const base = baseMimetype(mimetype);
  if (base.startsWith('image/')) return 'image';
  if (base.startsWith('audio/')) return 'audio';
  if (base.startsWith('video/')) return 'video';
  return 'application';
}

/** The type of a stored file, from the extension the server gave it. */
export function mimetypeForPath(path: string): string {
  const extension = path.split('.').pop()?.toLowerCase() ?? '';
  return Object.entries(EXTENSIONS).find(([, ext]) => ext === extension)?.[0] ?? 'application/octet-stream';
}
