/** A protocol number that is stable for the ticket ({{protocol}}): date and time plus four random digits. */
export function newProtocol(now = new Date()): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return `${stamp}${Math.floor(Math.random() * 10000)
    .toString()
    .padStart(4, '0')}`;
}
