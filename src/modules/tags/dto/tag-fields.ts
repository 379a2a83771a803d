import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsBoolean, IsString, Matches } from 'class-validator';

/** '#2e7d32', '2E7D32' and '#2E7D32' are one colour: stored one way. */
const hexColor = ({ value }: { value: unknown }) => (typeof value === 'string' ? `#${value.trim().replace(/^#/, '').toUpperCase()}` : value);

/** The spec's kanban flag travels as 0 or 1; booleans are accepted too. */
const kanbanFlag = ({ value }: { value: unknown }) => (value === 1 || value === '1' ? true : value === 0 || value === '0' ? false : value);

export const ColorField = () =>
  applyDecorators(Transform(hexColor), IsString(), Matches(/^#[0-9A-F]{3,8}$/, { message: 'color must be a hex colour such as #2E7D32' }));

export const KanbanField = () => applyDecorators(Transform(kanbanFlag), IsBoolean());
