import Add from '@mui/icons-material/Add';
import Check from '@mui/icons-material/Check';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { Box, Button, List, ListItem, ListItemText, Paper, TextField, Typography } from '@mui/material';
import { format, isValid, parseISO } from 'date-fns';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { PageHeader } from '../../components/PageHeader';
import { RowAction } from '../../components/RowAction';
import { useStoredState } from '../../hooks/useStoredState';
import { parseTasks, removeTask, saveTask, TASKS_KEY } from './tasks';

const when = (iso: string) => {
  const date = parseISO(iso);
  return isValid(date) ? format(date, 'dd/MM/yyyy HH:mm') : '';
};

/** /todolist: the user's own tasks, kept only in this browser. */
export function TodoListPage() {
  const translate = useTranslate();
  const [tasks, updateTasks] = useStoredState(TASKS_KEY, parseTasks);
  const [text, setText] = useState('');
  const [editing, setEditing] = useState<number | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    updateTasks((current) => saveTask(current, text, editing));
    setText('');
    setEditing(null);
  };

  const edit = (index: number) => {
    setEditing(index);
    setText(tasks[index]?.text ?? '');
    inputRef.current?.focus();
  };

  const cancelEdit = () => {
    setEditing(null);
    setText('');
  };

  const remove = (index: number) => {
    updateTasks((current) => removeTask(current, index));
    if (editing === index) cancelEdit();
    else if (editing !== null && editing > index) setEditing(editing - 1);
  };

  return (
    <Box sx={{ maxWidth: 900 }}>
      <PageHeader title="todolist.title" />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Box component="form" onSubmit={submit} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
          <TextField
            inputRef={inputRef}
            name="task"
            label={translate(editing === null ? 'todolist.newTask' : 'todolist.editTask')}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => event.key === 'Escape' && editing !== null && cancelEdit()}
            size="small"
            fullWidth
            autoComplete="off"
            helperText={translate('todolist.storedLocally')}
          />
          <Button type="submit" variant="contained" startIcon={editing === null ? <Add /> : <Check />} sx={{ flexShrink: 0, mt: '1px', minHeight: 38 }}>
            {translate(editing === null ? 'todolist.add' : 'todolist.save')}
          </Button>
          {editing !== null && (
            <Button onClick={cancelEdit} sx={{ flexShrink: 0, mt: '1px', minHeight: 38 }}>
              {translate('common.cancel')}
            </Button>
          )}
        </Box>
      </Paper>
      <Paper variant="outlined">
        {tasks.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
            {translate('todolist.empty')}
          </Typography>
        ) : (
          <List disablePadding aria-label={translate('todolist.title')}>
            {tasks.map((task, index) => (
              <ListItem
                key={`${task.createdAt}-${index}`}
                divider={index < tasks.length - 1}
                aria-current={editing === index ? 'true' : undefined}
                data-task-index={index}
                secondaryAction={
                  <Box sx={{ whiteSpace: 'nowrap' }}>
                    <RowAction label={translate('todolist.edit', { text: task.text })} onClick={() => edit(index)}>
                      <EditOutlined fontSize="small" />
                    </RowAction>
                    <RowAction label={translate('todolist.delete', { text: task.text })} onClick={() => remove(index)} color="error">
                      <DeleteOutlined fontSize="small" />
                    </RowAction>
                  </Box>
                }
                sx={{ pr: 12, bgcolor: editing === index ? 'action.selected' : undefined }}
              >
                <ListItemText
                  primary={task.text}
                  secondary={translate('todolist.dates', { createdAt: when(task.createdAt), updatedAt: when(task.updatedAt) })}
                  slotProps={{ primary: { sx: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Paper>
    </Box>
  );
}
