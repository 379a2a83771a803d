/** Minutes as the spec's `HHh mmm` ('00h 15m'); '-' when there is no figure. */
export function formatMinutes(minutes: number | null | undefined): string {
  if (minutes === null || minutes === undefined || !Number.isFinite(minutes)) return '-';
  const total = Math.max(0, Math.round(minutes));
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(total / 60))}h ${pad(total % 60)}m`;
}
