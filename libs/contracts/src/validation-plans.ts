import { plainToInstance } from 'class-transformer';
import { getMetadataStorage, type MetadataStorage, ValidationTypes } from 'class-validator';

type Metadata = Parameters<MetadataStorage['groupByPropertyName']>[0][number];
type Condition = (object: object, value: unknown) => boolean;
type Constraint = { validate(value: unknown, args: object): unknown };

/** One decorated check of a property, with the arguments class-validator would give it. */
interface PropertyCheck {
  readonly constraint: Constraint;
  readonly each: boolean;
  readonly constraints: unknown[];
  readonly validateIf: Condition | undefined;
}

/** What one property must satisfy, read from its decorators once. */
interface PropertyPlan {
  readonly name: string;
  /** `@IsOptional`, `@ValidateIf`: when one is false, nothing else about the property is checked. */
  readonly conditions: readonly Condition[];
  readonly defined: boolean;
  readonly checks: readonly PropertyCheck[];
  /** The class `@ValidateNested` values are checked against (from `@Type`); null when none. */
  readonly nested: ClassPlan | null | undefined;
}

interface ClassPlan {
  readonly target: new () => object;
  readonly properties: readonly PropertyPlan[];
  readonly names: ReadonlySet<string>;
}

const SUPPORTED = new Set<string>([
  ValidationTypes.CUSTOM_VALIDATION,
  ValidationTypes.NESTED_VALIDATION,
  ValidationTypes.CONDITIONAL_VALIDATION,
  ValidationTypes.IS_DEFINED,
  ValidationTypes.WHITELIST,
]);

// Plans per class; null for a class this cannot judge (every value goes to class-validator).
const plans = new WeakMap<Function, ClassPlan | null>();

/**
 * Whether `plain`, a JSON value, certainly passes `validatePlain(cls, plain)`: class-transformer's
 * `plainToInstance` and class-validator's `validateSync` with `whitelist`, `forbidNonWhitelisted`
 * and `forbidUnknownValues`. It runs the same decorators' own checks, read once per class, without
 * the instance, the error objects and the metadata lookups class-validator makes on every call
 * (about 90 % of an event's validation time). `false` means "not certainly": the caller asks
 * class-validator, which also words the error. A class using anything this does not model
 * (groups, async or promise checks, `@ValidateNested` without `@Type`, fields with defaults) is
 * never judged here.
 */
export function certainlyValid(cls: new () => object, plain: unknown): boolean {
  const plan = planOf(cls);
  // class-transformer builds each object of the value by its `constructor`: an own key of that
  // name makes it throw, whatever the decorators say, and that is class-validator's "no".
  return plan !== null && !namesConstructor(plain) && passes(plan, plain);
}

function passes(plan: ClassPlan, value: unknown): boolean {
  if (!isPlainObject(value)) return false;
  for (const key of Object.keys(value)) if (!plan.names.has(key)) return false;
  const object = value as Record<string, unknown>;
  for (const property of plan.properties) {
    const field = object[property.name];
    if (!property.conditions.every((condition) => condition(object, field))) continue;
    if (property.defined && (field === undefined || field === null)) return false;
    for (const check of property.checks) {
      if (check.validateIf && !check.validateIf(object, field)) continue;
      const args = {
        targetName: plan.target.name,
        property: property.name,
        object,
        value: field,
        constraints: check.constraints,
      };
      const values = check.each && Array.isArray(field) ? field : [field];
      // A promise (an async check) is not a yes.
      if (!values.every((item) => check.constraint.validate(item, args) === true)) return false;
    }
    if (property.nested !== undefined && field !== undefined) {
      if (property.nested === null) return false;
      const items = Array.isArray(field) ? field : [field];
      // class-validator skips an array's undefined items; JSON has none.
      for (const item of items) if (!passes(property.nested, item)) return false;
    }
  }
  return true;
}

function planOf(cls: new () => object): ClassPlan | null {
  if (plans.has(cls)) return plans.get(cls)!;
  plans.set(cls, null); // a class nested in itself is judged by class-validator
  const plan = compile(cls);
  plans.set(cls, plan);
  return plan;
}

function compile(cls: new () => object): ClassPlan | null {
  const storage = getMetadataStorage();
  // The list class-validator's executor reads on every call, with the same (absent) groups.
  const metadatas = storage.getTargetValidationMetadatas(cls, '', false, false, undefined);
  if (metadatas.length === 0) return null; // forbidUnknownValues refuses every value
  if (metadatas.some((m) => !SUPPORTED.has(m.type))) return null;
  // The instance plainToInstance starts from: a field with a default would be validated with it.
  let blank: Record<string, unknown>;
  try {
    blank = new cls() as Record<string, unknown>;
  } catch {
    return null;
  }
  const byName = storage.groupByPropertyName(metadatas);
  if (Object.keys(blank).some((key) => blank[key] !== undefined || !byName[key])) return null;
  const properties: PropertyPlan[] = [];
  for (const [name, group] of Object.entries(byName)) {
    const property = compileProperty(cls, name, group);
    if (!property) return null;
    properties.push(property);
  }
  return { target: cls, properties, names: new Set(Object.keys(byName)) };
}

function compileProperty(
  cls: new () => object,
  name: string,
  group: Metadata[],
): PropertyPlan | null {
  const storage = getMetadataStorage();
  const checks: PropertyCheck[] = [];
  for (const metadata of group.filter((m) => m.type === ValidationTypes.CUSTOM_VALIDATION)) {
    for (const constraint of storage.getTargetValidatorConstraints(metadata.constraintCls)) {
      if (constraint.async) return null;
      checks.push({
        constraint: constraint.instance as Constraint,
        each: metadata.each === true,
        constraints: metadata.constraints,
        validateIf: metadata.validateIf as Condition | undefined,
      });
    }
  }
  const validatesNested = group.some((m) => m.type === ValidationTypes.NESTED_VALIDATION);
  return {
    name,
    conditions: group
      .filter((m) => m.type === ValidationTypes.CONDITIONAL_VALIDATION)
      .map((m) => m.constraints[0] as Condition),
    defined: group.some((m) => m.type === ValidationTypes.IS_DEFINED),
    checks,
    nested: validatesNested ? nestedPlanOf(cls, name) : undefined,
  };
}

/** The class `@Type` names for a property, as class-transformer itself reads it. */
function nestedPlanOf(cls: new () => object, name: string): ClassPlan | null {
  let nestedClass: Function | undefined;
  try {
    const probe = plainToInstance(cls, { [name]: {} }) as Record<string, unknown>;
    nestedClass = (probe[name] as object | undefined)?.constructor;
  } catch {
    return null;
  }
  if (!nestedClass || nestedClass === Object) return null;
  return planOf(nestedClass as new () => object);
}

/** Whether an object anywhere in a JSON value has an own `constructor` key. */
function namesConstructor(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.some(namesConstructor);
  return Object.hasOwn(value, 'constructor') || Object.values(value).some(namesConstructor);
}

/** A JSON object: its prototype is some realm's `Object.prototype` (jest runs tests in another). */
function isPlainObject(value: unknown): value is object {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as object | null;
  return prototype === null || Object.getPrototypeOf(prototype) === null;
}
