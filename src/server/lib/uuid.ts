const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` can be a row id: a guessed id that is not a UUID is answered without a query. */
export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}
