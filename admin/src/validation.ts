import { email, maxLength, minLength, regex, required, type Validator } from 'react-admin';

const isRequired = required('validation.required');

export const nameRules: Validator[] = [isRequired, minLength(2, 'validation.tooShort'), maxLength(50, 'validation.tooLong')];

export const emailRules: Validator[] = [isRequired, email('validation.invalidEmail')];

/** Account passwords: 5 to 50 characters, required unless an existing password is kept. */
export const passwordRules = (mandatory: boolean): Validator[] => [
  ...(mandatory ? [isRequired] : []),
  minLength(5, 'validation.tooShort'),
  maxLength(50, 'validation.tooLong'),
];

/** Password reset: at least 8 characters with an uppercase letter, a lowercase letter and a digit. */
export const strongPasswordRules: Validator[] = [isRequired, regex(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,}$/, 'forgotPassword.weakPassword')];

export const matchesField =
  (field: string, message: string): Validator =>
  (value, allValues) =>
    value === allValues[field] ? undefined : message;

export const requiredRule: Validator[] = [isRequired];
