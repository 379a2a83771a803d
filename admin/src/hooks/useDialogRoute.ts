import { useMatch } from 'react-router-dom';

/** Which dialog of a list is open, from the route: `{list}/create` adds, `{list}/{id}` edits. */
export function useDialogRoute(listPath: string): { creating: boolean; editId: number | undefined } {
  const creating = useMatch(`${listPath}/create`) !== null;
  const editing = useMatch(`${listPath}/:id`);
  const id = !creating && editing?.params.id ? Number(editing.params.id) : Number.NaN;
  return { creating, editId: Number.isInteger(id) ? id : undefined };
}
