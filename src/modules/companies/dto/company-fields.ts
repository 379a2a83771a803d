/** Transforms of the company DTOs (the generic ones live in common/dto). */
type Input = { value: unknown };

/** Phones are stored as digits only: the browser's mask "(99) 99999-9999" is stripped; nothing left means no phone. */
export const phoneDigits = ({ value }: Input) => (typeof value === 'string' ? value.replace(/\D/g, '') || null : value);

export { emptyToNull, lowerEmail, trim } from '../../../common/dto/field-transforms.js';
