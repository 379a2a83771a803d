import { minValue, TextInput, type TextInputProps } from 'react-admin';

const notNegative = [minValue(0, 'validation.notNegative')];

/** A whole number of 0 or more (react-admin's NumberInput passes a prop MUI 9 no longer accepts). */
export function WholeNumberInput(props: TextInputProps) {
  return (
    <TextInput
      type="number"
      parse={(value: string) => (value === '' ? null : Number(value))}
      format={(value: number | null | undefined) => (value === null || value === undefined ? '' : String(value))}
      validate={notNegative}
      slotProps={{ htmlInput: { min: 0, step: 1 } }}
      {...props}
    />
  );
}
