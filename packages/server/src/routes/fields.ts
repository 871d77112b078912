import type { FieldError } from '@toolsmith/core';
import { validationError } from '../app/http-error.js';

/** Collects field problems for one request body and throws a single 400 listing them all. */
export class FieldChecker {
  readonly errors: FieldError[] = [];

  constructor(readonly body: Record<string, unknown>) {}

  add(field: string, message: string): void {
    this.errors.push({ field, message });
  }

  has(field: string): boolean {
    return Object.hasOwn(this.body, field) && this.body[field] !== undefined;
  }

  /** Reports keys that are neither writable nor known read-only fields. */
  rejectUnknown(
    writable: readonly string[],
    readOnly: readonly string[] = ['id', 'createdAt', 'updatedAt'],
  ): void {
    for (const key of Object.keys(this.body)) {
      if (!writable.includes(key) && !readOnly.includes(key)) {
        this.add(key, `Unknown field "${key}". Known fields: ${writable.join(', ')}.`);
      }
    }
  }

  string(field: string, options: { min?: number; max?: number; label?: string } = {}): string | undefined {
    if (!this.has(field)) return undefined;
    const value = this.body[field];
    const { min = 0, max = 100_000, label = field } = options;
    if (typeof value !== 'string' || value.length < min || value.length > max) {
      this.add(
        field,
        min > 0
          ? `${label} must be text of ${min}–${max} characters.`
          : `${label} must be text of at most ${max} characters.`,
      );
      return undefined;
    }
    return value;
  }

  boolean(field: string, label = field): boolean | undefined {
    if (!this.has(field)) return undefined;
    const value = this.body[field];
    if (typeof value !== 'boolean') {
      this.add(field, `${label} must be true or false.`);
      return undefined;
    }
    return value;
  }

  /** null is allowed and means "not set". */
  number(
    field: string,
    options: { min: number; max: number; integer?: boolean; label?: string },
  ): number | null | undefined {
    if (!this.has(field)) return undefined;
    const value = this.body[field];
    if (value === null) return null;
    const { min, max, integer = false, label = field } = options;
    if (
      typeof value !== 'number' ||
      !Number.isFinite(value) ||
      value < min ||
      value > max ||
      (integer && !Number.isInteger(value))
    ) {
      this.add(
        field,
        `${label} must be ${integer ? 'a whole number' : 'a number'} from ${min} to ${max}, or null.`,
      );
      return undefined;
    }
    return value;
  }

  oneOf<T extends string>(field: string, allowed: readonly T[], label = field): T | undefined {
    if (!this.has(field)) return undefined;
    const value = this.body[field];
    if (typeof value !== 'string' || !allowed.includes(value as T)) {
      this.add(field, `${label} must be one of ${allowed.map((a) => `"${a}"`).join(', ')}.`);
      return undefined;
    }
    return value as T;
  }

  stringArray(
    field: string,
    options: { maxItems: number; maxLength: number; label?: string },
  ): string[] | undefined {
    if (!this.has(field)) return undefined;
    const value = this.body[field];
    const { maxItems, maxLength, label = field } = options;
    if (
      !Array.isArray(value) ||
      value.length > maxItems ||
      !value.every((v) => typeof v === 'string' && v.length <= maxLength)
    ) {
      this.add(
        field,
        `${label} must be a list of at most ${maxItems} texts of at most ${maxLength} characters each.`,
      );
      return undefined;
    }
    return value as string[];
  }

  require(field: string, message: string): void {
    if (!this.has(field)) this.add(field, message);
  }

  /** Throws the 400 if anything was reported. */
  finish(): void {
    if (this.errors.length > 0) throw validationError(this.errors);
  }
}

/** The request body as a plain object, or a 400. */
export function bodyObject(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw validationError([{ field: '', message: 'The request body must be a JSON object.' }]);
  }
  return body as Record<string, unknown>;
}
