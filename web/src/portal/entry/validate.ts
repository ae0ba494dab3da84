import type { PortalQueue, PortalStartBody } from '../types';

export interface EntryValues {
  name: string;
  email: string;
  phone: string;
  queueId: string;
  message: string;
}

export type EntryField = keyof EntryValues;
export type EntryErrors = Partial<Record<EntryField, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Product spec section 5, on trimmed values. `needsTopic`: no queue_id in the link and queues exist. */
export function validateEntry(values: EntryValues, needsTopic: boolean): EntryErrors {
  const v = trimEntry(values);
  const errors: EntryErrors = {};
  if (!v.name) errors.name = 'Name is required';
  if (!v.email) errors.email = 'Email is required';
  else if (!EMAIL.test(v.email)) errors.email = 'Please enter a valid email address';
  if (needsTopic && !v.queueId) errors.queueId = 'Please select what area you need help with';
  if (!v.message) errors.message = 'Please describe how we can help you';
  return errors;
}

export function trimEntry(values: EntryValues): EntryValues {
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
    queueId: values.queueId.trim(),
    message: values.message.trim(),
  };
}

/** Server field names (contract) to form fields, so a 422 lands under the right input. */
const SERVER_FIELDS: Record<string, EntryField> = {
  name: 'name',
  'customer_info.name': 'name',
  email: 'email',
  'customer_info.email': 'email',
  phone: 'phone',
  'customer_info.phone': 'phone',
  queue_id: 'queueId',
  initial_message: 'message',
};

export function serverFieldErrors(errors: Record<string, string[] | string> | undefined): EntryErrors {
  const out: EntryErrors = {};
  for (const [key, value] of Object.entries(errors ?? {})) {
    const field = SERVER_FIELDS[key];
    const message = Array.isArray(value) ? value[0] : value;
    if (field && message && !out[field]) out[field] = message;
  }
  return out;
}

/** The start call's body from trimmed values: phone only when given, the link's queue or the chosen topic. */
export function startBody(
  appId: string,
  linkQueueId: string | null,
  queues: PortalQueue[],
  v: EntryValues,
): PortalStartBody {
  const chosen = queues.length === 1 ? queues[0] : queues.find((q) => String(q.queue_id) === v.queueId);
  const queueId = linkQueueId ?? chosen?.queue_id;
  return {
    app_id: appId,
    customer_info: { name: v.name, email: v.email, ...(v.phone ? { phone: v.phone } : {}) },
    initial_message: v.message,
    ...(queueId !== undefined ? { queue_id: queueId } : {}),
  };
}
