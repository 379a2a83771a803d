/** `token` put over the selection (or at the end), with where the caret goes after it. */
export function insertToken(text: string, token: string, start?: number | null, end?: number | null): { text: string; caret: number } {
  const from = start ?? text.length;
  const to = end ?? from;
  return { text: `${text.slice(0, from)}${token}${text.slice(to)}`, caret: from + token.length };
}
