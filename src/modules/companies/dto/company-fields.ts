/** Transforms shared by the company DTOs. */
type Input = { value: unknown };

export const trim = ({ value }: Input) => (typeof value === 'string' ? value.trim() : value);

export const lowerEmail = ({ value }: Input) => (typeof value === 'string' ? value.trim().toLowerCase() : value);

/** Phones are stored as digits only: the browser's mask "(99) 99999-9999" is stripped; nothing left means no phone. */
export const phoneDigits = ({ value }: Input) => (typeof value === 'string' ? value.replace(/\D/g, '') || null : value);

/** An empty or cleared date input is sent as ''; it means "no due date". */
export const emptyToNull = ({ value }: Input) => (value === '' ? null : value);
