import { Typography } from '@mui/material';
import { RichText } from '../components/RichText';
import { formatDueDate } from '../dueDate';
import { useAccess } from '../hooks/useAccess';

/** 'Olá {name}…' in the top bar; admins also see the company and the subscription end. */
export function Greeting() {
  const access = useAccess();
  if (!access) return <span style={{ flex: 1 }} />;
  const { user, company } = access.me;
  return (
    <Typography variant="body1" noWrap sx={{ flex: 1, display: { xs: 'none', sm: 'block' } }}>
      {access.isAdmin ? (
        <RichText message="appBar.greetingAdmin" values={{ name: <b>{user.name}</b>, company: <b>{company.name}</b>, date: formatDueDate(company.dueDate) }} />
      ) : (
        <RichText message="appBar.greetingUser" values={{ name: <b>{user.name}</b> }} />
      )}
    </Typography>
  );
}
