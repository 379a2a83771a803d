import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';
import type { Message } from './types';

interface ReplyState {
  replyingTo: Message | null;
  setReplyingTo(message: Message | null): void;
}

const ReplyContext = createContext<ReplyState>({ replyingTo: null, setReplyingTo: () => undefined });

export const useReply = () => useContext(ReplyContext);

/** The message being answered, shared by the message menu and the input. */
export function ReplyProvider({ children }: { children: ReactNode }) {
  const [replyingTo, setReplyingTo] = useState<Message | null>(null);
  const value = useMemo(() => ({ replyingTo, setReplyingTo }), [replyingTo]);
  return <ReplyContext.Provider value={value}>{children}</ReplyContext.Provider>;
}
