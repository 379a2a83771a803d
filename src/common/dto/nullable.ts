import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { getMetadataStorage, IsOptional, ValidationTypes } from 'class-validator';

/**
 * The mark `@Nullable()` leaves in class-validator's own metadata (the `context` of its IsOptional), so it travels
 * with the validators wherever the mapped types (PartialType, PickType, OmitType) copy them.
 */
const NULL_CLEARS = 'nullClears';

/**
 * An optional field where an explicit `null` means "clear it": absent keeps the stored value (or takes the default),
 * null stores NULL, anything else is validated as usual. The service must write the null through.
 *
 * Every other optional field refuses null with 400 naming the field (InputRangePipe, after validation): class-validator's
 * `@IsOptional()` skips null like undefined, and a service that reads `dto.x !== undefined` would otherwise store or
 * dereference it.
 */
export const Nullable = (): PropertyDecorator =>
  applyDecorators(ApiProperty({ nullable: true }), IsOptional({ context: { [NULL_CLEARS]: true } })) as PropertyDecorator;

type DtoClass = abstract new (...args: never[]) => unknown;

const acceptingNull = new WeakMap<DtoClass, Set<string>>();

/** Validation kinds that do not look at the value: a property with only these is accepted and never read. */
const VALUE_BLIND = new Set<string>([ValidationTypes.CONDITIONAL_VALIDATION, ValidationTypes.WHITELIST]);

/**
 * The properties of a DTO class that take null: the `@Nullable()` ones, and those with no validator at all (fields the
 * browser sends and the server ignores, such as `companyId` beside the session's company).
 */
export function nullAcceptingFields(type: DtoClass): Set<string> {
  let fields = acceptingNull.get(type);
  if (!fields) {
    const rules = getMetadataStorage().getTargetValidationMetadatas(type, '', true, false);
    const byProperty = new Map<string, typeof rules>();
    for (const rule of rules) byProperty.set(rule.propertyName, [...(byProperty.get(rule.propertyName) ?? []), rule]);
    fields = new Set(
      [...byProperty]
        .filter(([, own]) => own.some((rule) => rule.context?.[NULL_CLEARS] === true) || own.every((rule) => VALUE_BLIND.has(rule.type)))
        .map(([property]) => property),
    );
    acceptingNull.set(type, fields);
  }
  return fields;
}

/** Whether an object is an instance of a validated DTO class (the pipes leave plain JSON objects alone). */
export const isDtoInstance = (value: object): boolean => value.constructor !== undefined && value.constructor !== Object && !Array.isArray(value);
