import { randomBytes } from 'node:crypto';

// multipart/form-data for the media upload (POST /{phone-number-id}/media): written by hand so the body is bytes the
// bounded client can send as they are, and read back by the fake Graph API.

export interface MultipartFile {
  field: string;
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

export interface MultipartPart {
  name: string;
  fileName: string | null;
  contentType: string | null;
  bytes: Buffer;
}

/** Quotes and line breaks would end the header value early: they are replaced in names. */
const headerSafe = (value: string): string => value.replace(/["\r\n\\]/g, '_');

export function buildMultipart(fields: Record<string, string>, file: MultipartFile): { body: Buffer; contentType: string } {
  const boundary = `----cloud-api-${randomBytes(12).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${headerSafe(name)}"\r\n\r\n${value}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${headerSafe(file.field)}"; filename="${headerSafe(file.fileName)}"\r\n` +
        `Content-Type: ${headerSafe(file.contentType)}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The boundary of a multipart/form-data content type, or null. */
export function boundaryOf(contentType: string | undefined): string | null {
  const match = /^multipart\/form-data;.*boundary=(?:"([^"]{1,70})"|([^;\s]{1,70}))/i.exec(contentType ?? '');
  return match ? (match[1] ?? match[2] ?? null) : null;
}

/** The parts of a multipart body (at most `maxParts`); null when it is not well formed. */
export function parseMultipart(body: Buffer, boundary: string, maxParts = 10): MultipartPart[] | null {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: MultipartPart[] = [];
  let start = body.indexOf(delimiter);
  if (start !== 0) return null;
  for (;;) {
    const afterDelimiter = start + delimiter.length;
    if (body.subarray(afterDelimiter, afterDelimiter + 2).toString() === '--') return parts;
    const headerEnd = body.indexOf('\r\n\r\n', afterDelimiter);
    const next = body.indexOf(Buffer.from(`\r\n--${boundary}`), afterDelimiter);
    if (headerEnd < 0 || next < 0 || headerEnd > next || parts.length >= maxParts) return null;
    const headers = body.subarray(afterDelimiter + 2, headerEnd).toString('utf8');
    const name = /;\s*name="([^"]*)"/i.exec(headers)?.[1];
    if (name === undefined) return null;
    parts.push({
      name,
      fileName: /filename="([^"]*)"/i.exec(headers)?.[1] ?? null,
      contentType: /^content-type:\s*(.+)$/im.exec(headers)?.[1]?.trim() ?? null,
      bytes: body.subarray(headerEnd + 4, next),
    });
    start = next + 2;
  }
}
