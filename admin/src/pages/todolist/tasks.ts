/** A to-do item, kept only in this browser (core §9: local tasks). Dates are ISO texts. */
export interface Task {
  text: string;
  createdAt: string;
  updatedAt: string;
}

/** The localStorage key of the list. */
export const TASKS_KEY = 'todolist';

const isDate = (value: unknown): value is string => typeof value === 'string' && !Number.isNaN(Date.parse(value));

/** The stored list, leaving out anything that is not a task. */
export function parseTasks(stored: unknown): Task[] {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((item) => {
    if (typeof item !== 'object' || item === null || typeof item.text !== 'string') return [];
    const createdAt = isDate(item.createdAt) ? item.createdAt : new Date(0).toISOString();
    return [{ text: item.text, createdAt, updatedAt: isDate(item.updatedAt) ? item.updatedAt : createdAt }];
  });
}

/** Adds a task, or changes the one at `index`; blank text changes nothing (core §5). */
export function saveTask(tasks: Task[], text: string, index: number | null, now = new Date()): Task[] {
  const trimmed = text.trim();
  if (!trimmed) return tasks;
  const at = now.toISOString();
  if (index === null || !tasks[index]) return [...tasks, { text: trimmed, createdAt: at, updatedAt: at }];
  return tasks.map((task, position) => (position === index ? { ...task, text: trimmed, updatedAt: at } : task));
}

export const removeTask = (tasks: Task[], index: number): Task[] => tasks.filter((_, position) => position !== index);
