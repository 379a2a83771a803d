import { Avatar } from '@mui/material';

/** A contact's picture, or the first letter of the name. */
export function ContactAvatar({ name, src, size = 40 }: { name?: string | null; src?: string | null; size?: number }) {
  return (
    <Avatar src={src ?? undefined} alt={name ?? ''} sx={{ width: size, height: size, fontSize: size * 0.42 }}>
      {name?.charAt(0).toUpperCase()}
    </Avatar>
  );
}
