/** Campaigns §9: older messages load when the pane is scrolled within 600 px of its top. */
export const OLDER_MESSAGES_THRESHOLD_PX = 600;
/** Near the bottom: a new message keeps the view pinned to the end. */
export const STICK_TO_BOTTOM_PX = 120;
/** List beside the pane from this width up; two tabs below it. */
export const WIDE_LAYOUT = 'md';
/** The bell's menu lists at most this many chats. */
export const BELL_MENU_SIZE = 8;
