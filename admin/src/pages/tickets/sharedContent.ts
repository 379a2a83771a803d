/** A contact card (vCard 3/4) shared in a message. */
export interface SharedContact {
  name: string;
  number: string;
}

/** Name (FN, else N) and number (waid, else the first TEL) of a vCard; null when there is no number. */
export function parseVcard(body: string | null | undefined): SharedContact | null {
  if (!body) return null;
  const lines = body
    .replace(/\r\n/g, '\n')
    .replace(/\n[ \t]/g, '')
    .split('\n');
  let name = '';
  let number = '';
  for (const line of lines) {
    const [rawKey = '', ...rest] = line.split(':');
    const value = rest.join(':').trim();
    const key = rawKey.toUpperCase();
    if (key.startsWith('FN')) name = name || value;
    else if (key === 'N' || key.startsWith('N;')) name = name || value.split(';').filter(Boolean).reverse().join(' ');
    else if (key.startsWith('TEL') || key.startsWith('ITEM1.TEL')) {
      const waid = /waid=(\d+)/i.exec(rawKey)?.[1];
      number = number || waid || value.replace(/\D/g, '');
    }
  }
  if (!number) return null;
  return { name: name || number, number };
}

export interface SharedLocation {
  url: string;
  description: string;
}

const URL_PATTERN = /https?:\/\/[^\s|]+/i;
const COORDINATES = /(-?\d{1,2}\.\d+)\s*,\s*(-?\d{1,3}\.\d+)/;

/** A map link for a location message: the link in the body, else its coordinates; the rest is the description. */
export function parseLocation(body: string | null | undefined): SharedLocation | null {
  if (!body) return null;
  const link = URL_PATTERN.exec(body)?.[0];
  if (link) return { url: link, description: body.replace(link, '').replace(/^[\s|]+|[\s|]+$/g, '') };
  const point = COORDINATES.exec(body);
  if (point) {
    return {
      url: `https://maps.google.com/maps?q=${point[1]},${point[2]}&z=17`,
      description: body.replace(point[0], '').replace(/^[\s|]+|[\s|]+$/g, ''),
    };
  }
  return null;
}
