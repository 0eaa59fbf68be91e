const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether an id from a path or body can be a row's uuid: anything else is "not found" before a query casts it. */
export const isUuid = (value: string) => UUID.test(value);
