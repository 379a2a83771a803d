/** Core §9 constants used by the tickets screen. */
export const SEARCH_DEBOUNCE_MS = 500;
export const MESSAGES_DEBOUNCE_MS = 500;
export const CONTACT_SEARCH_DEBOUNCE_MS = 500;
export const CONTACT_SEARCH_MIN = 3;
export const USER_SEARCH_MIN = 3;
export const VCARD_CHECK_DELAY_MS = 1500;
export const MESSAGES_TOP_THRESHOLD_PX = 50;
export const LAST_INTERACTION_REFRESH_MS = 30_000;
export const EDIT_MAX_ROWS = 6;
/** How long after sending a text the API still edits it (ERR_EDIT_WINDOW_EXPIRED after that). */
export const EDIT_WINDOW_MS = 15 * 60 * 1000;
/** The quick reactions a message's menu offers, as WhatsApp's own row. */
export const REACTION_EMOJIS = ['👍', '❤️', '😂', '😮', '😢', '🙏'] as const;
export const INPUT_MAX_ROWS = 5;
export const QUICK_MESSAGE_PREVIEW = 35;
export const COMPACT_PREVIEW = 20;
export const MIN_RECORDING_BYTES = 10_000;
export const NOTE_MIN_LENGTH = 2;
/** Counts refresh this long after the last ticket event, so a burst costs one request. */
export const COUNTS_REFRESH_MS = 1000;
export const SIGN_OPTION_KEY = 'signOption';
/** Wide layout (list beside conversation) from this width up. */
export const WIDE_LAYOUT = 'md';
