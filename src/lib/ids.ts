/** The text form of a UUID (lower-case hex as the database writes it), for building patterns. */
export const UUID_PATTERN = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

const UUID = new RegExp(`^${UUID_PATTERN}$`, 'i');

/** True for a UUID in its usual text form (ids of users, campaigns, organisations, files). */
export const isUuid = (value: string): boolean => UUID.test(value);
