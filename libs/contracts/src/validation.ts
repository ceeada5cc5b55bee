import { plainToInstance } from 'class-transformer';
import { type ValidationError, validateSync } from 'class-validator';
import { ContractViolation } from './contract-error.js';
import { certainlyValid } from './validation-plans.js';

function firstFailure(
  errors: ValidationError[],
  prefix: string,
): { field: string; reason: string } | null {
  for (const error of errors) {
    const path = /^\d+$/.test(error.property)
      ? `${prefix}[${error.property}]`
      : prefix
        ? `${prefix}.${error.property}`
        : error.property;
    if (error.constraints) {
      const reasons = Object.values(error.constraints).join('; ');
      return { field: path, reason: reasons };
    }
    const nested = firstFailure(error.children ?? [], path);
    if (nested) return nested;
  }
  return null;
}

/**
 * Validates plain data against a class-validator class. Unknown properties are rejected so that a
 * producer's typo cannot pass silently. Throws a ContractViolation naming the failing field.
 */
export function validatePlain<T extends object>(
  cls: new () => T,
  plain: unknown,
  context: { prefix: string; eventType: string | null },
): T {
  if (typeof plain !== 'object' || plain === null || Array.isArray(plain)) {
    throw new ContractViolation(
      `${context.prefix || 'value'} must be an object`,
      context.prefix || null,
      context.eventType,
    );
  }
  const instance = plainToInstance(cls, plain, { enableImplicitConversion: false });
  const errors = validateSync(instance as object, {
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
  });
  const failure = firstFailure(errors, context.prefix);
  if (failure) {
    const what = context.eventType ? `Invalid ${context.eventType}: ` : 'Invalid value: ';
    throw new ContractViolation(
      `${what}${failure.field}: ${failure.reason}`,
      failure.field,
      context.eventType,
    );
  }
  return instance;
}

/**
 * Throws what {@link validatePlain} throws, for a value only checked, not used as an instance: the
 * events' path. Most values pass the decorators' checks read once per class
 * ({@link certainlyValid}); only the rest go through class-validator, which words the error.
 */
export function assertValidPlain(
  cls: new () => object,
  plain: unknown,
  context: { prefix: string; eventType: string | null },
): void {
  if (!certainlyValid(cls, plain)) validatePlain(cls, plain, context);
}
