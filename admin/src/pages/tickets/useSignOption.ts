import { useCallback, useState } from 'react';
import { SIGN_OPTION_KEY } from './constants';

/** Signing messages is on unless the user turned it off (localStorage `signOption`). */
export function useSignOption(): [boolean, (value: boolean) => void] {
  const [sign, setSign] = useState(() => localStorage.getItem(SIGN_OPTION_KEY) !== 'false');
  const update = useCallback((value: boolean) => {
    localStorage.setItem(SIGN_OPTION_KEY, String(value));
    setSign(value);
  }, []);
  return [sign, update];
}

/** The signed text: `*{name}:*` on its own line before the message. */
export const signed = (text: string, name: string, sign: boolean) => (sign ? `*${name}:*\n${text}` : text);
