// The `changes` of an entry (B2B §15): each field, in the API's names, that differs between the record before and
// after, as [before, after]. Compared as JSON, so arrays and objects (price breaks, scopes) count by their content.
import type { AuditChanges } from '@kestrel/shared';

type Fields = Record<string, unknown>;

/** The fields of `after` that differ from `before` (a field absent on one side is null there); null when none. */
export function changedFields(before: Fields | null, after: Fields | null): AuditChanges | null {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: AuditChanges = {};
  for (const key of keys) {
    const was = before?.[key] ?? null;
    const now = after?.[key] ?? null;
    if (JSON.stringify(was) !== JSON.stringify(now)) changes[key] = [was, now];
  }
  return Object.keys(changes).length > 0 ? changes : null;
}

/** Only these fields of a record (what an entry shows of a created or deleted thing). */
export function pick<T extends Fields>(record: T, fields: ReadonlyArray<keyof T & string>): Fields {
  return Object.fromEntries(fields.map((f) => [f, record[f]]));
}
