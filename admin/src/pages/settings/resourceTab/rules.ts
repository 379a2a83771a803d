import { email, maxLength, minLength, regex, required, type Validator } from 'react-admin';

/** Validation of the super user's forms, with Portuguese messages like the tag dialog's. */
export const mandatory = required('validation.requiredField');

export const textRules = (max: number, min = 0): Validator[] => [
  mandatory,
  ...(min ? [minLength(min, 'validation.tooShort')] : []),
  maxLength(max, 'validation.tooLong'),
];

export const emailFieldRules: Validator[] = [mandatory, email('validation.emailInvalid'), maxLength(255, 'validation.tooLong')];

/** Digits once the mask is gone: E.164 allows at most 15. */
export const phoneRules: Validator[] = [
  (value: unknown) => (typeof value === 'string' && value.replace(/\D/g, '').length > 15 ? 'companies.form.phoneTooLong' : undefined),
];

export const optionalText = (max: number): Validator[] => [maxLength(max, 'validation.tooLong')];

export const patternRule = (pattern: RegExp, message: string): Validator => regex(pattern, message);
