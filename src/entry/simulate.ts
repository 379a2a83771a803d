// `npm run simulate -- <kind> ...`: customer traffic for a simulated connection, or for a Cloud API connection on the
// local Graph API fake (which then posts Meta's signed webhook), through the dev endpoint.
import { readFile } from 'node:fs/promises';
import { basename, extname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { findServer, serverCandidates, URL_HELP } from '../config/server-address.js';
import { oggOpusSeconds } from '../modules/media/voice/ogg-opus-reader.js';
import { webmToOgg } from '../modules/media/voice/webm-to-ogg.js';

const USAGE = `Usage: npm run simulate -- <kind> [options] [text]
  text    --from N [--name NAME] [--quoted ID] TEXT          a customer text
  media   --from N --file PATH [--name NAME] [CAPTION]        an image, audio, video or document
  location --from N --lat=LAT --lng=LNG [NAME]                a location ("=" lets a value start with -)
  voice   --from N --file PATH.ogg|.webm [--seconds S]        a voice note (WebM/Opus is remuxed to Ogg; the length
                                                              is read from the file unless --seconds is given)
  edit    --from N --target ID TEXT                           the customer edits a message
  revoke  --from N --target ID                                the customer deletes a message for everyone
  call    --from N [--video]                                  a voice (or video) call
  group   --from N --group-id ID --group-name NAME TEXT       a message inside a group
Options:
  ${URL_HELP}
  --connection ID   the connection (default: the first simulated one)
  --cloud     the first WhatsApp Cloud API connection (the demo's "WhatsApp Cloud (demo)"): the local Graph API fake
              posts the message to the server as Meta's signed webhook (text, media, voice and location only)
  --help      this text
  The simulator secret in the data directory (DATA_DIR, default ./data) is used, so no user is logged in (logging in
  would end that user's browser session). Against a server with another data directory: --secret S, or --email and
  --password of an admin (that admin's other session then ends).`;

const MIME: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ogg': 'audio/ogg',
  '.mp3': 'audio/mpeg',
  '.m4a': 'audio/mp4',
  '.mp4': 'video/mp4',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain',
  '.csv': 'text/csv',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

async function call<T>(url: string, init: RequestInit): Promise<T> {
  const res = await fetch(url, { ...init, headers: { 'content-type': 'application/json', ...(init.headers ?? {}) } });
  const body = (await res.json().catch(() => ({}))) as T & { error?: string; message?: string };
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${body.error ?? ''} ${body.message ?? ''}`);
  return body;
}

const secretFile = () => resolve(process.env.DATA_DIR ?? './data', 'simulator-secret');

async function readSecret(): Promise<string | null> {
  try {
    return (await readFile(secretFile(), 'utf8')).trim() || null;
  } catch {
    return null;
  }
}

/** A phone's voice note from a recording: Ogg/Opus as it is, WebM/Opus remuxed; its length read unless given. */
async function voiceNote(file: string, seconds: string | undefined): Promise<{ mediaBase64: string; seconds: number }> {
  const data = await readFile(file);
  const ogg = extname(file).toLowerCase() === '.webm' ? webmToOgg(data) : { ogg: data, seconds: oggOpusSeconds(data) };
  const stated = seconds === undefined ? Math.round(ogg.seconds) : Number(seconds);
  if (!Number.isInteger(stated) || stated < 0) throw new Error('--seconds must be a whole number');
  return { mediaBase64: ogg.ogg.toString('base64'), seconds: stated };
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      url: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
      secret: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      connection: { type: 'string' },
      from: { type: 'string' },
      name: { type: 'string' },
      file: { type: 'string' },
      target: { type: 'string' },
      quoted: { type: 'string' },
      video: { type: 'boolean', default: false },
      seconds: { type: 'string' },
      'group-id': { type: 'string' },
      'group-name': { type: 'string' },
      lat: { type: 'string' },
      lng: { type: 'string' },
      cloud: { type: 'boolean', default: false },
    },
  });
  const [kind, ...words] = positionals;
  const text = words.join(' ');
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (!kind || !values.from) {
    console.log(USAGE);
    process.exitCode = 1;
    return;
  }
  const api = `${await findServer(serverCandidates({ url: values.url, env: process.env }))}/api`;
  const secret = values.secret ?? (values.email ? null : await readSecret());
  let connection: { id: number; name: string; provider?: string } | undefined;
  let inboundUrl: (id: number) => string;
  let auth: Record<string, string>;
  if (secret) {
    auth = { 'x-simulator-secret': secret };
    const phones = await call<Array<{ id: number; name: string; isDefault: boolean; provider?: string }>>(`${api}/dev/phone/connections`, { headers: auth });
    const kind = values.cloud ? 'cloud' : 'simulator';
    connection = values.connection ? phones.find((c) => c.id === Number(values.connection)) : phones.find((c) => (c.provider ?? 'simulator') === kind);
    inboundUrl = (id) => `${api}/dev/phone/${id}/inbound`;
  } else {
    if (!values.email || !values.password) throw new Error(`No simulator secret in ${secretFile()}: pass --secret, or --email and --password`);
    const { token } = await call<{ token: string }>(`${api}/auth/login`, {
      method: 'POST',
      body: JSON.stringify({ email: values.email, password: values.password }),
    });
    auth = { Authorization: `Bearer ${token}` };
    const connections = await call<Array<{ id: number; isDefault: boolean; provider: string; name: string }>>(`${api}/whatsapp`, { headers: auth });
    const simulated = connections.filter((c) => c.provider === (values.cloud ? 'cloud' : 'simulator'));
    connection = values.connection ? simulated.find((c) => c.id === Number(values.connection)) : (simulated.find((c) => c.isDefault) ?? simulated[0]);
    inboundUrl = (id) => `${api}/dev/simulator/${id}/inbound`;
  }
  if (!connection && values.cloud) throw new Error('No WhatsApp Cloud API connection found (the demo creates "WhatsApp Cloud (demo)")');
  if (!connection) throw new Error('No simulated connection found: add one with provider "simulator" on the connections screen');

  const payload: Record<string, unknown> = { from: values.from, name: values.name, body: text || undefined, quotedId: values.quoted };
  if (kind === 'media') {
    if (!values.file) throw new Error('--file is required');
    Object.assign(payload, {
      type: 'media',
      mediaBase64: (await readFile(values.file)).toString('base64'),
      mimetype: MIME[extname(values.file).toLowerCase()] ?? 'application/octet-stream',
      fileName: basename(values.file),
    });
  } else if (kind === 'voice') {
    if (!values.file) throw new Error('--file is required');
    Object.assign(payload, { type: 'media', voiceNote: true, mimetype: 'audio/ogg; codecs=opus', ...(await voiceNote(values.file, values.seconds)) });
  } else if (kind === 'location') {
    const [latitude, longitude] = [Number(values.lat), Number(values.lng)];
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) throw new Error('--lat and --lng are required numbers');
    Object.assign(payload, { type: 'location', latitude, longitude });
  } else if (kind === 'edit' || kind === 'revoke') {
    Object.assign(payload, { type: kind, targetId: values.target });
  } else if (kind === 'call') {
    Object.assign(payload, { type: 'call', isVideo: values.video });
  } else if (kind === 'group') {
    Object.assign(payload, { type: 'text', group: { id: values['group-id'], name: values['group-name'] } });
  } else if (kind !== 'text') {
    throw new Error(`Unknown kind ${kind}\n${USAGE}`);
  }
  const { id } = await call<{ id: string }>(inboundUrl(connection.id), { method: 'POST', headers: auth, body: JSON.stringify(payload) });
  console.log(`${kind} from ${values.from} sent to "${connection.name}" (message id ${id})`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
