/** A shared location as the card shows it: coordinates, the place's name and address, and a map link. */
export interface LocationCardData {
  latitude: number;
  longitude: number;
  /** The lines after the coordinates (name, address, caption). */
  details: string[];
  /** Opens the point on OpenStreetMap, in a new tab; nothing is fetched to show the card. */
  url: string;
}

const COORDINATES = /(-?\d{1,2}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)/;
const URL_PATTERN = /https?:\/\/[^\s|]+/gi;

/** A location message's body ("lat,lng" then optional lines, or an older map link with the point in it). */
export function locationCard(body: string | null | undefined): LocationCardData | null {
  if (!body) return null;
  const point = COORDINATES.exec(body);
  if (!point) return null;
  const latitude = Number(point[1]);
  const longitude = Number(point[2]);
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  const details = body
    .replace(URL_PATTERN, '')
    .replace(point[0], '')
    .split(/[\n|]/)
    .map((line) => line.trim())
    .filter(Boolean);
  return { latitude, longitude, details, url: `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=17/${latitude}/${longitude}` };
}

/** Six decimals (about 10 cm), with the hemisphere: "23.561000° S, 46.656000° W". */
export function formatCoordinates(latitude: number, longitude: number): string {
  const part = (value: number, positive: string, negative: string) => `${Math.abs(value).toFixed(6)}° ${value < 0 ? negative : positive}`;
  return `${part(latitude, 'N', 'S')}, ${part(longitude, 'E', 'W')}`;
}
