/**
 * Which fields of which events are a person's own (issue 22, closing an account): their name, e-mail, phone,
 * postal address and what they wrote about themselves. The event store encrypts these fields, each with the key
 * of the person they belong to, before the event is written; closing the account destroys the key, so the
 * append-only log keeps every fact (an order's amounts for the books) and none of its owner's identity
 * ("crypto-shredding"). A field whose key is gone reads as ERASED.
 *
 * A person is a signed-in account (`{ userId }`) or, for an order placed as a guest, the e-mail address it was
 * placed with (`{ guestEmail }`): the key of a guest's orders is destroyed when the account that owns that address
 * closes.
 */
export type PersonalDataOwner = { userId: string } | { guestEmail: string };

export interface PersonalFields {
  owner: PersonalDataOwner;
  /** Dotted paths into the event's data; only string values are encrypted (a null stays null). */
  paths: readonly string[];
}

/** What a field reads once its owner's key is destroyed. */
export const ERASED = '[erased]';

export function isErased(value: unknown): boolean {
  return value === ERASED;
}

const ADDRESS_PATHS = ['firstName', 'lastName', 'phone', 'address', 'city', 'postalCode'] as const;

/** `$set` for a read model's copy of a shipping address under `prefix`, every personal field erased. */
export function erasedAddress(prefix: string): Record<string, string> {
  return Object.fromEntries(ADDRESS_PATHS.map((path) => [`${prefix}.${path}`, ERASED]));
}
const at = (prefix: string, paths: readonly string[]) => paths.map((path) => `${prefix}.${path}`);

type Data = Record<string, unknown>;
const text = (data: Data, key: string): string => String(data[key] ?? '');

/** The events whose data holds a person's own fields, by type; the stream tells apart a unique key's kinds. */
const PERSONAL_FIELDS: Partial<Record<string, (data: Data, streamId: string) => PersonalFields | null>> = {
  UserRegistered: (data) => ({ owner: { userId: text(data, 'userId') }, paths: ['email', 'fullName'] }),
  EmailVerificationRequested: (data) => ({ owner: { userId: text(data, 'userId') }, paths: ['email'] }),
  EmailVerified: (data) => ({ owner: { userId: text(data, 'userId') }, paths: ['email'] }),
  PasswordResetRequested: (data) => ({ owner: { userId: text(data, 'userId') }, paths: ['email'] }),
  EmailChangeRequested: (data) => ({ owner: { userId: text(data, 'userId') }, paths: ['newEmail'] }),
  EmailChanged: (data) => ({ owner: { userId: text(data, 'userId') }, paths: ['from', 'to'] }),
  // An invited address may have no account yet: sealed with the address's key, destroyed when an account using it closes.
  StaffInvited: (data) => ({ owner: { guestEmail: text(data, 'email') }, paths: ['email'] }),
  // An e-mail's claim names the address (a SKU's claim is the catalogue's, not a person's).
  UniqueKeyClaimed: (data, streamId) => (streamId.startsWith('email-') ? { owner: { userId: text(data, 'ownerId') }, paths: ['key'] } : null),
  UniqueKeyReleased: (data, streamId) => (streamId.startsWith('email-') ? { owner: { userId: text(data, 'ownerId') }, paths: ['key'] } : null),
  OrderSubmitted: orderFields,
  OrderPlaced: orderFields,
  AddressSaved: (data) => ({ owner: { userId: text(data, 'userId') }, paths: at('address', ADDRESS_PATHS) }),
  InstitutionVerificationSubmitted: (data) => ({
    owner: { userId: text(data, 'customerId') },
    paths: ['customerEmail', 'customerName', 'institution', 'position', 'institutionEmail'],
  }),
  InstitutionVerificationApproved: (data) => ({ owner: { userId: text(data, 'customerId') }, paths: ['customerEmail'] }),
  InstitutionVerificationRejected: (data) => ({ owner: { userId: text(data, 'customerId') }, paths: ['customerEmail'] }),
  SupportCaseOpened: (data) => ({ owner: { userId: text(data, 'customerId') }, paths: ['customerEmail', 'customerName', 'subject', 'description'] }),
  SupportCaseReplied: (data) => ({
    owner: { userId: text(data, 'customerId') },
    // Staff's replies are the shop's words; the customer's own are theirs.
    paths: data.authorRole === 'customer' ? ['customerEmail', 'subject', 'authorName', 'message'] : ['customerEmail', 'subject'],
  }),
  ReviewWritten: (data) => ({ owner: { userId: text(data, 'authorId') }, paths: ['authorName'] }),
};

function orderFields(data: Data): PersonalFields {
  const customerId = data.customerId;
  return {
    owner: typeof customerId === 'string' && customerId !== '' ? { userId: customerId } : { guestEmail: text(data, 'customerEmail') },
    paths: ['customerEmail', 'deliveryInstructions', ...at('shippingAddress', ADDRESS_PATHS)],
  };
}

/** The personal fields of an event about to be written, or null when it has none. */
export function personalFieldsOf(streamId: string, type: string, data: unknown): PersonalFields | null {
  const fields = PERSONAL_FIELDS[type];
  return fields && data !== null && typeof data === 'object' ? fields(data as Data, streamId) : null;
}

/** Event types that carry personal fields: their audit entries are reworded when their owner's data is erased. */
export const PERSONAL_EVENT_TYPES: ReadonlySet<string> = new Set(Object.keys(PERSONAL_FIELDS));

/** The value at a dotted path (`data` is left as it is). */
export function valueAt(data: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node !== null && typeof node === 'object' ? (node as Data)[key] : undefined), data);
}

/**
 * A copy of `data` with each dotted path's value replaced (paths absent from `data` are left out), copying each
 * object on the way once however many of its fields change; `data` is left as it is.
 */
export function withValuesAt<T>(data: T, values: ReadonlyMap<string, unknown> | Iterable<readonly [string, unknown]>): T {
  if (data === null || typeof data !== 'object') return data;
  const root = { ...(data as unknown as Data) };
  const copied = new Set<Data>([root]);
  for (const [path, value] of values) {
    const keys = path.split('.');
    let node: Data = root;
    let present = true;
    for (let index = 0; index < keys.length - 1; index++) {
      const child = node[keys[index]];
      if (child === null || typeof child !== 'object') {
        present = false;
        break;
      }
      let copy = child as Data;
      if (!copied.has(copy)) {
        copy = Array.isArray(child) ? ([...child] as unknown as Data) : { ...(child as Data) };
        copied.add(copy);
        node[keys[index]] = copy;
      }
      node = copy;
    }
    const last = keys[keys.length - 1];
    if (present && last in node) node[last] = value;
  }
  return root as unknown as T;
}
