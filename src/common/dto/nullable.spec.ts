import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import { ValidationPipe } from '@nestjs/common';
import { ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, ValidateNested } from 'class-validator';
import { AppError } from '../errors/app-error.js';
import { validationError } from '../errors/validation.js';
import { InputRangePipe } from '../pipes/input-range.pipe.js';
import { emptyToNull } from './field-transforms.js';
import { Nullable, nullAcceptingFields } from './nullable.js';

class LineDto {
  @IsOptional()
  @IsInt()
  id?: number;

  @IsString()
  name!: string;
}

class ThingDto {
  @IsString()
  name!: string;

  @IsOptional()
  @IsString()
  title?: string;

  @ApiPropertyOptional()
  @Transform(emptyToNull)
  @Nullable()
  @IsString()
  note?: string | null;

  /** Sent by a browser, never read. */
  @IsOptional()
  ignored?: unknown;

  @IsOptional()
  @ValidateNested({ each: true })
  @Type(() => LineDto)
  lines?: LineDto[];
}

class UpdateThingDto extends PartialType(ThingDto, { skipNullProperties: false }) {}

const validation = new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true, exceptionFactory: validationError });
const range = new InputRangePipe();

/** The global pipes' order: validation, then the range and null checks. */
async function run(metatype: new () => object, body: unknown): Promise<unknown> {
  const metadata = { type: 'body' as const, metatype, data: undefined };
  return range.transform(await validation.transform(body, metadata), metadata);
}

async function refusal(metatype: new () => object, body: unknown) {
  try {
    await run(metatype, body);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { code: error.code, fields: (error.extra.fields as { field: string }[]).map((f) => f.field) };
  }
  throw new Error('accepted');
}

describe('null in optional fields', () => {
  it('refuses null where @IsOptional() would let it through, naming every such field', async () => {
    expect(await refusal(ThingDto, { name: 'a', title: null })).toEqual({ code: 'ERR_VALIDATION', fields: ['title'] });
    expect(await refusal(ThingDto, { name: 'a', title: null, lines: [{ name: 'x', id: null }] })).toEqual({
      code: 'ERR_VALIDATION',
      fields: ['lines.0.id', 'title'],
    });
  });

  it('hands null through for @Nullable() fields ("clear it"), and for fields with no validator', async () => {
    expect(await run(ThingDto, { name: 'a', note: null, ignored: null })).toMatchObject({ name: 'a', note: null, ignored: null });
    expect(await run(ThingDto, { name: 'a', note: '' })).toMatchObject({ note: null });
    expect(await run(ThingDto, { name: 'a' })).not.toHaveProperty('note');
  });

  it('validates a @Nullable() value that is not null', async () => {
    expect(await refusal(ThingDto, { name: 'a', note: 5 })).toEqual({ code: 'ERR_VALIDATION', fields: ['note'] });
  });

  it('keeps the rule through PartialType: null clears the nullable field and is refused elsewhere', async () => {
    expect(nullAcceptingFields(UpdateThingDto)).toEqual(new Set(['note', 'ignored']));
    expect(await run(UpdateThingDto, { note: null })).toMatchObject({ note: null });
    expect(await refusal(UpdateThingDto, { name: null })).toEqual({ code: 'ERR_VALIDATION', fields: ['name'] });
    expect(await refusal(UpdateThingDto, { title: null })).toEqual({ code: 'ERR_VALIDATION', fields: ['title'] });
  });

  it('leaves query objects and primitives alone', async () => {
    expect(range.transform(null, { type: 'body', metatype: undefined, data: undefined })).toBeNull();
    expect(range.transform({ a: null }, { type: 'query', metatype: Object, data: undefined })).toEqual({ a: null });
  });
});
