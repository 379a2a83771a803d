import { type Platform, Type } from '@mikro-orm/core';
import { dueDay, dueDayText } from '../../shared/due-date.js';

/**
 * A SQL `date` read as the Date of its UTC midnight (how due dates travel, src/shared/due-date.ts). An instant written
 * here keeps only its UTC day, so no time of day reaches the column.
 */
export class DueDayType extends Type<Date | null, string | null> {
  override convertToDatabaseValue(value: Date | string | null | undefined, _platform: Platform): string | null {
    return value == null ? null : dueDayText(value);
  }

  override convertToJSValue(value: Date | string | null | undefined, _platform: Platform): Date | null {
    if (value == null) return null;
    // A driver without the date parser hands a Date of local midnight: its local day is the stored day.
    if (value instanceof Date) return new Date(Date.UTC(value.getFullYear(), value.getMonth(), value.getDate()));
    return dueDay(value);
  }

  override compareAsType(): string {
    return 'string';
  }

  override ensureComparable(): boolean {
    return true;
  }

  override getColumnType(): string {
    return 'date';
  }
}
