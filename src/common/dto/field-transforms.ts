/** class-transformer helpers shared by the DTOs. */
type Input = { value: unknown };

export const trim = ({ value }: Input) => (typeof value === 'string' ? value.trim() : value);

export const lowerEmail = ({ value }: Input) => (typeof value === 'string' ? value.trim().toLowerCase() : value);

/** Cleared inputs and "none" selects arrive as ''; they mean null. */
export const emptyToNull = ({ value }: Input) => (value === '' ? null : value);

/** For texts stored as '' when unset (campaign quiet hours): null clears them to ''. */
export const nullToEmpty = ({ value }: Input) => (value === null ? '' : value);
